/** The cards' row: a swipeable strip on a phone, a grid from `md` on. */
export const CARD_ROW =
  "-mx-4 flex snap-x snap-mandatory items-stretch gap-3 overflow-x-auto px-4 pb-2 *:w-[85%] *:shrink-0 *:snap-center sm:-mx-6 sm:px-6 md:mx-0 md:grid md:grid-cols-2 md:gap-4 md:overflow-visible md:px-0 md:pb-0 md:*:w-auto xl:grid-cols-3";

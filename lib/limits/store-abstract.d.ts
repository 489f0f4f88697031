// rate-limiter-flexible's base class for a store is declared by its types but not exported by its
// index at run time: lib/limits/table-store.ts loads it from its own file.
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import type { RateLimiterStoreAbstract } from "rate-limiter-flexible";

  const StoreAbstract: typeof RateLimiterStoreAbstract;
  export default StoreAbstract;
}

/** Barcelona, Spain as the browser sends it after a member picks it as their home (the gazetteer's own entry). */
export const BARCELONA_HOME = {
  id: "city:3128760",
  name: "Barcelona",
  label: "Barcelona, Catalonia, Spain",
  country: "Spain",
  countryCode: "ES",
  lat: 41.38879,
  lon: 2.15899,
};

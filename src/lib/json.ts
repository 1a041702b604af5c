// What survives a trip through JSON unchanged: the payload type of jobs and events, so a
// handler receives exactly what was sent (no Dates turning into strings on the way).
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

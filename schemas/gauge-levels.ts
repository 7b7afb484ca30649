/**
 * The answer of GET /api/gauges/:siteNumber/latest: the latest
 * reading of a shipped USGS stream gauge from the USGS Instantaneous Values service, reduced to
 * what the app shows. Shared by the server (which builds it) and the client (which shows it).
 */

/** USGS parameter codes asked for: 00060 discharge (ft³/s), 00065 gage height (ft). */
export const gaugeParameterCodes = ['00060', '00065'] as const;

/** A USGS parameter code the route reports. */
export type GaugeParameterCode = (typeof gaugeParameterCodes)[number];

/** One parameter's latest value as USGS reports it. */
export interface GaugeReading {
  parameterCode: GaugeParameterCode;
  /** "Discharge" or "Gage height". */
  label: string;
  /** USGS unit code, e.g. "ft3/s" or "ft". */
  unit: string;
  /** The value, or null when USGS marks it as no data (its `noDataValue`, e.g. ice or equipment). */
  value: number | null;
  /** Time of the reading as USGS gives it: ISO 8601 with the site's UTC offset. */
  time: string;
  /** True when USGS flags it "P": provisional data subject to revision. */
  provisional: boolean;
}

/** The route's answer for one site. */
export interface GaugeLatest {
  siteNumber: string;
  /** The site name as USGS reports it. */
  siteName: string;
  /** Readings present in the USGS answer (a site may measure only one of the two). */
  readings: GaugeReading[];
  /** When the server fetched it from USGS, ms since the epoch. */
  fetchedAt: number;
}

/** USGS monitoring-location page of a site (where riders read the full record). */
export function usgsSitePageUrl(siteNumber: string): string {
  return `https://waterdata.usgs.gov/monitoring-location/${siteNumber}/`;
}

/** Most sites one GET /api/gauges/latest may ask about (every shipped gauge fits). */
export const maxGaugesPerRequest = 40;

/**
 * The answer of GET /api/gauges/latest?sites=a,b,c: the latest reading of each site USGS
 * answered for, and the site numbers it could not be reached for (shown as "last known").
 */
export interface GaugeLatestBatch {
  gauges: GaugeLatest[];
  /** Sites asked about whose reading could not be fetched from USGS this time. */
  unavailable: string[];
}

/**
 * Reading an answer of the USGS Instantaneous Values service
 * (https://waterservices.usgs.gov/nwis/iv/?format=json, WaterML 1.1 as JSON): `value.timeSeries`
 * holds one series per site and parameter, each with `sourceInfo.siteName`,
 * `variable.variableCode[0].value` (e.g. "00060"), `variable.unit.unitCode`,
 * `variable.noDataValue` and `values[0].value[]` entries `{ value, qualifiers, dateTime }`.
 * Without a `period`, the service answers only the latest entry of each series.
 */
import {
  gaugeParameterCodes,
  type GaugeParameterCode,
  type GaugeReading,
} from '../../schemas/gauge-levels.ts';

const parameterLabels: Record<GaugeParameterCode, string> = {
  '00060': 'Discharge',
  '00065': 'Gage height',
};

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, ...keys: (string | number)[]): Loose | null {
  let current: unknown = value;
  for (const key of keys) {
    if (typeof key === 'number') current = Array.isArray(current) ? current[key] : undefined;
    else current = isObject(current) ? current[key] : undefined;
  }
  return isObject(current) ? current : null;
}

/** The latest entry of one series, or null when the series has none. */
function readSeries(series: Loose): GaugeReading | null {
  const code = objectAt(series, 'variable', 'variableCode', 0)?.value;
  if (!gaugeParameterCodes.includes(code as GaugeParameterCode)) return null;
  const parameterCode = code as GaugeParameterCode;
  const variable = objectAt(series, 'variable');
  const entries = objectAt(series, 'values', 0)?.value;
  if (!Array.isArray(entries) || entries.length === 0) return null;
  const latest = entries[entries.length - 1] as unknown;
  if (!isObject(latest) || typeof latest.dateTime !== 'string') return null;
  const number = Number(latest.value);
  const noData = Number(variable?.noDataValue);
  const qualifiers = Array.isArray(latest.qualifiers) ? latest.qualifiers : [];
  return {
    parameterCode,
    label: parameterLabels[parameterCode],
    unit: String(objectAt(variable, 'unit')?.unitCode ?? ''),
    value: Number.isFinite(number) && number !== noData ? number : null,
    time: latest.dateTime,
    provisional: qualifiers.includes('P'),
  };
}

/**
 * Site name and latest readings of `siteNumber` in a parsed USGS IV answer. Throws an Error
 * when the answer is not in the service's shape (the route turns that into a 502).
 */
export function readInstantaneousValues(
  answer: unknown,
  siteNumber: string,
): { siteName: string | null; readings: GaugeReading[] } {
  const timeSeries = objectAt(answer, 'value')?.timeSeries;
  if (!Array.isArray(timeSeries)) throw new Error('USGS answer has no value.timeSeries list');
  const ofSite = timeSeries
    .filter(isObject)
    .filter((series) => objectAt(series, 'sourceInfo', 'siteCode', 0)?.value === siteNumber);
  const siteName = objectAt(ofSite[0], 'sourceInfo')?.siteName;
  const readings = ofSite
    .map(readSeries)
    .filter((reading): reading is GaugeReading => reading !== null)
    .sort((a, b) => a.parameterCode.localeCompare(b.parameterCode));
  return { siteName: typeof siteName === 'string' ? siteName : null, readings };
}

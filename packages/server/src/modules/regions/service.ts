import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DOMESTIC_COUNTRY_CODE,
  MSG,
  mobileProblem,
  normalizeMobile,
  regionSelectionProblem,
  REGION_TYPE,
  type Country,
  type CountryCity,
  type CountryState,
  type RegionChild,
  type RegionNode,
  type RegionSelection,
} from '@agora/contract';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { AppError } from '../../platform/errors.js';
import { preparedOnce } from '../../platform/statements.js';
import { loadCitiesOfState } from './loader.js';
import { countries, countryCities, countryStates, referenceData, regions } from './tables.js';

type Reader = Db | Transaction;

/** read on every ask of reference data: prepared once (platform/statements.ts) */
const versionOf = preparedOnce('agora_reference_version', (db) =>
  db.select({ version: referenceData.version, revision: referenceData.revision }).from(referenceData).where(eq(referenceData.name, sql.placeholder('name'))),
);

/** The version of a reference data set the database holds: what cache validators are made of. */
export async function referenceVersion(db: Db, name: ReferenceDataName): Promise<string> {
  const [row] = await versionOf(db).execute({ name });
  return row ? `${row.version}#${row.revision}` : '';
}

type ReferenceDataName = 'countries' | 'regions';

const collators = { zh: new Intl.Collator('zh-CN'), en: new Intl.Collator('en-US') };

/** Every country, the domestic one first, the rest in the order of their names in `lang`. */
export async function listCountries(db: Reader, lang: 'zh' | 'en'): Promise<Country[]> {
  const rows = await db.select().from(countries);
  const name = (row: typeof countries.$inferSelect) => (lang === 'zh' ? row.nameZh : row.nameEn);
  return rows
    .sort((a, b) => a.sort - b.sort || collators[lang].compare(name(a), name(b)))
    .map((row) => ({ code: row.code, name: name(row), tel: row.tel, mobile_regex: row.mobileRegex, flag: row.flag, mt: row.mobileExample }));
}

export async function statesOf(db: Reader, countryCode: string): Promise<CountryState[]> {
  const [country] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, countryCode));
  if (!country) throw new AppError(404, 'COUNTRY_NOT_FOUND');
  const rows = await db
    .select({ id: countryStates.id, name: countryStates.name, has_city: countryStates.hasCity })
    .from(countryStates)
    .where(eq(countryStates.countryCode, countryCode))
    .orderBy(asc(countryStates.name), asc(countryStates.id));
  return rows.map((row) => ({ ...row, has_city: row.has_city ? 1 : 0 }));
}

/** Cities of an overseas state; copied from the source data into the database on the state's first use. */
export async function citiesOf(db: Db, stateId: number): Promise<CountryCity[]> {
  const [state] = await db.select().from(countryStates).where(eq(countryStates.id, stateId));
  if (!state) throw new AppError(404, 'STATE_NOT_FOUND');
  if (state.hasCity && !state.citiesLoaded) await loadCitiesOfState(db, state);
  return db
    .select({ id: countryCities.id, name: countryCities.name })
    .from(countryCities)
    .where(eq(countryCities.stateId, stateId))
    .orderBy(asc(countryCities.name), asc(countryCities.id));
}

/** One level of the domestic tree: provinces for 0, else the children of region `id`. */
export async function regionChildren(db: Reader, id: number): Promise<RegionChild[]> {
  if (id !== 0) {
    const [parent] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
    if (!parent) throw new AppError(404, 'REGION_NOT_FOUND');
  }
  const child = sql<boolean>`exists (select 1 from "regions" as "c" where "c"."parent_id" = "regions"."id")`;
  const rows = await db
    .select({ id: regions.id, name: regions.name, level: regions.level, has_children: child })
    .from(regions)
    .where(eq(regions.parentId, id))
    .orderBy(asc(regions.id));
  return rows.map((row) => ({ ...row, has_children: row.has_children ? 1 : 0 }));
}

/** The whole domestic tree (regions/menus); leaves carry no children. */
export async function regionTree(db: Reader): Promise<RegionNode[]> {
  const rows = await db.select({ id: regions.id, parentId: regions.parentId, name: regions.name }).from(regions).orderBy(asc(regions.level), asc(regions.id));
  const nodes = new Map<number, RegionNode>();
  const roots: RegionNode[] = [];
  for (const row of rows) {
    const node: RegionNode = { id: row.id, name: row.name };
    nodes.set(row.id, node);
    if (row.parentId === 0) roots.push(node);
    else {
      const parent = nodes.get(row.parentId);
      if (parent) (parent.children ??= []).push(node);
    }
  }
  return roots;
}

// ---------------------------------------------------------------------------------------------
// Helpers for other modules

/** A domestic region with its ancestors: ids and names from the province down. */
export interface ExpandedRegion {
  id: number;
  ids: number[];
  names: string[];
  /** the names joined by a space: '广东省 深圳市 南山区' */
  name: string;
}

/** Expands region ids (any level) into their paths; unknown ids are left out of the map. */
export async function expandRegions(db: Reader, ids: number[]): Promise<Map<number, ExpandedRegion>> {
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  const expanded = new Map<number, ExpandedRegion>();
  if (wanted.length === 0) return expanded;
  const leaves = await db.select({ id: regions.id, path: regions.path }).from(regions).where(inArray(regions.id, wanted));
  const pathIds = new Map(leaves.map((leaf) => [leaf.id, leaf.path.split('|').filter(Boolean).map(Number)]));
  const all = [...new Set([...pathIds.values()].flat())];
  const names = new Map((await db.select({ id: regions.id, name: regions.name }).from(regions).where(inArray(regions.id, all))).map((row) => [row.id, row.name]));
  for (const [id, path] of pathIds) {
    const pathNames = path.map((step) => names.get(step) ?? '');
    expanded.set(id, { id, ids: path, names: pathNames, name: pathNames.join(' ') });
  }
  return expanded;
}

/** Expands one region id; refuses an unknown one with 400 (the caller's input named it). */
export async function expandRegion(db: Reader, id: number): Promise<ExpandedRegion> {
  const region = (await expandRegions(db, [id])).get(id);
  if (!region) throw new AppError(400, 'REGION_NOT_FOUND');
  return region;
}

/**
 * Checks a mobile number by the country rule (domestic CN when it has no +dialling code) and
 * returns it in its stored spelling; refuses with the spec's message otherwise.
 */
export function assertMobile(value: string): string {
  const problem = mobileProblem(value);
  if (problem) throw new AppError(400, 'VALIDATION', {}, problem);
  return normalizeMobile(value);
}

/**
 * Checks a country/state/city selection against the data (spec §5 messages) and fills in the
 * names from it, so what is stored never depends on names a client sent.
 */
export async function resolveRegionSelection(db: Db, selection: RegionSelection): Promise<RegionSelection> {
  const refuse = (message: string) => new AppError(400, 'VALIDATION', {}, message);
  const [country] = selection.country_code ? await db.select().from(countries).where(eq(countries.code, selection.country_code.toUpperCase())) : [];
  if (!country) throw refuse(MSG.countryRequired);
  const countryName = country.nameZh;
  // The country decides the kind of selection: the domestic one picks from the official regions.
  if (country.code === DOMESTIC_COUNTRY_CODE) {
    const problem = regionSelectionProblem({ ...selection, region_type: REGION_TYPE.DOMESTIC }, { state: 'select', city: 'select' });
    if (problem) throw refuse(problem);
    const region = (await expandRegions(db, [selection.internal_region_id!])).get(selection.internal_region_id!);
    if (!region) throw refuse(MSG.stateRequired);
    return { region_type: REGION_TYPE.DOMESTIC, country_code: country.code, country_name: countryName, internal_region_id: region.id, overseas_region: null };
  }
  const overseas = selection.overseas_region ?? { state_id: null, state_name: '', city_id: null, city_name: '' };
  const stateCount = await db.$count(countryStates, eq(countryStates.countryCode, country.code));
  const [state] = overseas.state_id ? await db.select().from(countryStates).where(eq(countryStates.id, overseas.state_id)) : [];
  const stateMode = stateCount > 0 ? 'select' : 'text';
  const cityMode = state?.hasCity ? 'select' : 'text';
  const problem = regionSelectionProblem({ ...selection, region_type: REGION_TYPE.OVERSEAS, country_code: country.code, overseas_region: overseas }, { state: stateMode, city: cityMode });
  if (problem) throw refuse(problem);
  if (stateMode === 'select' && (!state || state.countryCode !== country.code)) throw refuse(MSG.stateRequired);
  let cityName = overseas.city_name;
  if (cityMode === 'select') {
    await citiesOf(db, state!.id);
    const [city] = await db.select().from(countryCities).where(eq(countryCities.id, overseas.city_id!));
    if (!city || city.stateId !== state!.id) throw refuse(MSG.cityRequired);
    cityName = city.name;
  }
  return {
    region_type: REGION_TYPE.OVERSEAS,
    country_code: country.code,
    country_name: countryName,
    internal_region_id: null,
    overseas_region: {
      state_id: stateMode === 'select' ? state!.id : null,
      state_name: stateMode === 'select' ? state!.name : overseas.state_name.trim(),
      city_id: cityMode === 'select' ? overseas.city_id : null,
      city_name: cityName.trim(),
    },
  };
}

/** Reference data: countries with their phone rules, overseas states and cities, China's divisions. */
import { index, integer, pgSequence, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Ids of the rows operators add, far above the source data's (GB/T 2260 codes are six digits, the
 * states package numbers in the thousands), so a new data package never collides with them.
 */
export const operatorRegionIds = pgSequence('regions_operator_id_seq', { startWith: 10_000_000 });
export const operatorStateIds = pgSequence('country_states_operator_id_seq', { startWith: 100_000_000 });

/** 1 once an operator added or changed the row: reloading the source data then leaves it alone. */
const edited = () => smallint('edited').notNull().default(0);

/** Every country with a dialling code (libphonenumber's numbering plans). */
export const countries = pgTable('countries', {
  /** ISO 3166-1 alpha-2 */
  code: varchar('code', { length: 2 }).primaryKey(),
  nameZh: varchar('name_zh', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  /** dialling code without '+' */
  tel: varchar('tel', { length: 4 }).notNull(),
  mobileRegex: text('mobile_regex').notNull(),
  mobileExample: varchar('mobile_example', { length: 20 }).notNull().default(''),
  flag: varchar('flag', { length: 16 }).notNull().default(''),
  /** 0 for the domestic country, listed first */
  sort: smallint('sort').notNull().default(1),
  edited: edited(),
});

/** First-level divisions of the other countries (ids of the source data set). */
export const countryStates = pgTable('country_states', {
  id: integer('id').primaryKey(),
  countryCode: varchar('country_code', { length: 2 }).notNull(),
  name: varchar('name', { length: 120 }).notNull(),
  /** the state's code in the source data (ISO 3166-2 suffix), used to find its cities */
  code: varchar('code', { length: 10 }).notNull().default(''),
  hasCity: smallint('has_city').notNull().default(0),
  /** 1 once the state's cities were copied from the source data into country_cities */
  citiesLoaded: smallint('cities_loaded').notNull().default(0),
  edited: edited(),
}, (t) => [index('country_states_country_idx').on(t.countryCode, t.name)]);

export const countryCities = pgTable('country_cities', {
  id: integer('id').primaryKey(),
  stateId: integer('state_id').notNull(),
  name: varchar('name', { length: 120 }).notNull(),
}, (t) => [index('country_cities_state_idx').on(t.stateId, t.name)]);

/**
 * China's provincial (1), prefecture (2) and county-level (3) divisions; id is the official
 * GB/T 2260 code. Municipalities and the special administrative regions have their districts at level 2.
 */
export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  /** 0 for a province-level division */
  parentId: integer('parent_id').notNull(),
  level: smallint('level').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  /** ids from the province down to this one: |440000|440300|440305| */
  path: varchar('path', { length: 40 }).notNull(),
  zipcode: varchar('zipcode', { length: 6 }).notNull().default(''),
  /** 1: cash on delivery is offered there */
  cod: smallint('cod').notNull().default(0),
  edited: edited(),
}, (t) => [index('regions_parent_idx').on(t.parentId, t.id)]);

/** Which version of each reference data set the database holds, so loading runs only when it changed. */
export const referenceData = pgTable('reference_data', {
  name: varchar('name', { length: 40 }).primaryKey(),
  version: text('version').notNull(),
  /** bumped by every operator change of the data set: part of the cache validators, not of what the loader compares */
  revision: integer('revision').notNull().default(0),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

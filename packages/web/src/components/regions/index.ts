export { CountryRegionPicker, entryModes, useRegionSelectionRule } from './CountryRegionPicker';
export { MobileInput, mobileProblemText, useMobileRule } from './MobileInput';
export { RegionCascader, resolveRegionPath } from './RegionCascader';
export { RegionTreePicker, compactRegions, conductChecked, type RegionTreeResult } from './RegionTreePicker';
export { useCountries, type RegionTreeEndpoint } from './queries';

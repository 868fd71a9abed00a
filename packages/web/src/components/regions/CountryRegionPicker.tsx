import { useEffect, useState, type CSSProperties } from 'react';
import { Flex, Input, Select, type FormRule } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DOMESTIC_COUNTRY_CODE,
  REGION_TYPE,
  regionSelectionProblem,
  type CountryState,
  type RegionEntryModes,
  type RegionSelection,
} from '@agora/contract';
import { localizeMsg } from '@/lib/locale';
import { Flag } from './Flag';
import { ensureStates, useCities, useCountries, useStates } from './queries';
import { RegionCascader, resolveRegionPath } from './RegionCascader';

type Overseas = NonNullable<RegionSelection['overseas_region']>;
const EMPTY_OVERSEAS: Overseas = { state_id: null, state_name: '', city_id: null, city_name: '' };

/** How this selection's state and city are entered, from what the server listed for it. */
export function entryModes(states: CountryState[] | undefined, stateId: number | null | undefined): RegionEntryModes {
  const listed = !!states && states.length > 0;
  const state = states?.find((candidate) => candidate.id === stateId);
  // Until a listed state is chosen its city is a (disabled) choice too.
  return { state: listed ? 'select' : 'text', city: state ? (state.has_city ? 'select' : 'text') : listed ? 'select' : 'text' };
}

/** The entry modes a check needs: a save pressed before the country's states arrived waits for them, never judges by a missing list. */
async function modesOf(client: QueryClient, selection: RegionSelection | undefined): Promise<RegionEntryModes> {
  const code = selection?.country_code;
  const states = code && code !== DOMESTIC_COUNTRY_CODE ? await ensureStates(client, code) : undefined;
  return entryModes(states, selection?.overseas_region?.state_id);
}

/**
 * The antd form rule of spec §5 for a CountryRegionPicker field. With `required: false` the
 * field may stay empty (no country); once a country is chosen its state and city are needed.
 */
export function useRegionSelectionRule({ required = true }: { required?: boolean } = {}): FormRule {
  const client = useQueryClient();
  return {
    required,
    validator: async (_rule, value?: RegionSelection | null) => {
      if (!required && !value?.country_code) return;
      const problem = regionSelectionProblem(value, await modesOf(client, value ?? undefined));
      if (problem) throw new Error(localizeMsg(problem));
    },
  };
}

/**
 * The country/state/city picker (spec §2, §3): a country, then for the domestic CN a
 * province/city/district cascader over `base/regions`, for other countries the state and
 * city chosen from `base/countries/{code}/states` and `…/{state id}/cities`, or typed where
 * the data has no list. The value is spec §3's Region selection.
 */
export function CountryRegionPicker({
  value,
  onChange,
  disabled,
  style,
  id,
}: {
  value?: RegionSelection;
  onChange?(selection: RegionSelection): void;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const countryCode = value?.country_code || undefined;
  const domestic = countryCode === DOMESTIC_COUNTRY_CODE;
  const states = useStates(countryCode && !domestic ? countryCode : undefined);
  const overseas = value?.overseas_region ?? EMPTY_OVERSEAS;
  const modes = entryModes(states.data, overseas.state_id);
  const cities = useCities(modes.city === 'select' ? overseas.state_id : undefined);
  const client = useQueryClient();
  // The selection holds the chosen region only; the cascader shows its path.
  const [path, setPath] = useState<number[]>([]);
  const regionId = domestic ? value?.internal_region_id ?? null : null;
  useEffect(() => {
    if (!regionId) {
      setPath((current) => (current.length ? [] : current));
      return;
    }
    if (path[path.length - 1] === regionId) return;
    let cancelled = false;
    resolveRegionPath(client, regionId)
      .then((resolved) => !cancelled && setPath(resolved))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [regionId, path, client]);

  const emit = (next: Partial<RegionSelection>) => onChange?.({ ...(value as RegionSelection), ...next });
  const setOverseas = (next: Partial<Overseas>) => emit({ overseas_region: { ...overseas, ...next } });

  const chooseCountry = (code: string | undefined) => {
    const country = countries.data?.find((candidate) => candidate.code === code);
    onChange?.({
      region_type: code === DOMESTIC_COUNTRY_CODE ? REGION_TYPE.DOMESTIC : REGION_TYPE.OVERSEAS,
      country_code: country?.code ?? '',
      country_name: country?.name ?? '',
      internal_region_id: null,
      overseas_region: code && code !== DOMESTIC_COUNTRY_CODE ? { ...EMPTY_OVERSEAS } : null,
    });
  };

  return (
    <Flex gap={8} wrap style={style} id={id}>
      <Select
        aria-label={t('regions.country.placeholder')}
        data-testid="region-country"
        allowClear
        disabled={disabled}
        loading={countries.isLoading}
        style={{ width: 200 }}
        placeholder={t('regions.country.placeholder')}
        value={countryCode}
        showSearch={{ optionFilterProp: 'search' }}
        options={(countries.data ?? []).map((country) => ({
          value: country.code,
          label: (
            <Flex component="span" gap={6} align="center">
              <Flag code={country.code} />
              {country.name}
            </Flex>
          ),
          search: `${country.name} ${country.code} +${country.tel}`,
        }))}
        onChange={chooseCountry}
      />
      {domestic && (
        <RegionCascader
          disabled={disabled}
          style={{ width: 280 }}
          changeOnSelect
          value={path}
          onChange={(ids) => {
            setPath(ids);
            emit({ internal_region_id: ids.length ? ids[ids.length - 1] : null });
          }}
        />
      )}
      {countryCode && !domestic && (
        <>
          {modes.state === 'select' ? (
            <Select
              aria-label={t('regions.state.select')}
              data-testid="region-state"
              allowClear
              disabled={disabled}
              loading={states.isLoading}
              style={{ width: 200 }}
              placeholder={t('regions.state.select')}
              value={overseas.state_id ?? undefined}
              showSearch={{ optionFilterProp: 'label' }}
              options={(states.data ?? []).map((state) => ({ value: state.id, label: state.name }))}
              onChange={(stateId?: number) =>
                setOverseas({ state_id: stateId ?? null, state_name: states.data?.find((state) => state.id === stateId)?.name ?? '', city_id: null, city_name: '' })
              }
            />
          ) : (
            <Input
              aria-label={t('regions.state.input')}
              disabled={disabled}
              style={{ width: 200 }}
              maxLength={100}
              placeholder={t('regions.state.input')}
              value={overseas.state_name}
              onChange={(event) => setOverseas({ state_id: null, state_name: event.target.value })}
            />
          )}
          {modes.city === 'select' ? (
            <Select
              aria-label={t('regions.city.select')}
              data-testid="region-city"
              allowClear
              disabled={disabled || !overseas.state_id}
              loading={cities.isLoading}
              style={{ width: 200 }}
              placeholder={t('regions.city.select')}
              value={overseas.city_id ?? undefined}
              showSearch={{ optionFilterProp: 'label' }}
              options={(cities.data ?? []).map((city) => ({ value: city.id, label: city.name }))}
              onChange={(cityId?: number) => setOverseas({ city_id: cityId ?? null, city_name: cities.data?.find((city) => city.id === cityId)?.name ?? '' })}
            />
          ) : (
            <Input
              aria-label={t('regions.city.input')}
              disabled={disabled}
              style={{ width: 200 }}
              maxLength={100}
              placeholder={t('regions.city.input')}
              value={overseas.city_name}
              onChange={(event) => setOverseas({ city_id: null, city_name: event.target.value })}
            />
          )}
        </>
      )}
    </Flex>
  );
}

import { useState, type CSSProperties } from 'react';
import { Flex, Input, Select, Space, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { compactPhone, DOMESTIC_COUNTRY_CODE, mobileProblem, mobileRule, splitMobile, storedMobile } from '@agora/contract';
import { msg } from '@/lib/locale';
import { Flag } from './Flag';
import { useCountries } from './queries';

/**
 * Spec §5 mobile rule over a stored mobile ('13800138000', '+85261234567'): required
 * (请输入手机号！) unless `required` is false, and a mobile number of its country
 * (手机号码格式有误！). The check is the contract's, the server's own: the countries' patterns it
 * reads are those `GET base/countries` served (useCountries fills the contract's registry).
 */
export function mobileProblemText(value: string | undefined, required = true): string | null {
  const compact = compactPhone(value ?? '');
  if (compact === '') return required ? msg('mobileRequired') : null;
  return mobileProblem(compact) ? msg('mobileInvalid') : null;
}

/** The antd form rule for a MobileInput field. */
export function useMobileRule({ required = true }: { required?: boolean } = {}): FormRule {
  const countries = useCountries();
  return {
    required,
    validator: async (_rule, value?: string) => {
      // The served patterns first: until they came, the registry holds libphonenumber's.
      if (!countries.data) await countries.refetch();
      const problem = mobileProblemText(value, required);
      if (problem) throw new Error(problem);
    },
  };
}

/**
 * A mobile number with its country's dialling code (spec §2): the code select shows the flag
 * and +code and defaults to the domestic CN; the value is the stored spelling (bare for CN,
 * '+<code><number>' otherwise).
 */
export function MobileInput({
  value,
  onChange,
  placeholder,
  disabled,
  style,
  id,
}: {
  value?: string;
  onChange?(value: string): void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const [chosen, setChosen] = useState(DOMESTIC_COUNTRY_CODE);
  const parsed = splitMobile(value ?? '', chosen);
  // An empty value keeps the country the person chose; a value from outside brings its own.
  const country = compactPhone(value ?? '') === '' || !parsed.country ? chosen : parsed.country;
  const current = countries.data?.find((candidate) => candidate.code === country);
  const tel = current?.tel ?? mobileRule(country)?.tel ?? '';

  const options = (countries.data ?? []).map((candidate) => ({
    value: candidate.code,
    label: (
      <Flex component="span" gap={6} align="center">
        <Flag code={candidate.code} />+{candidate.tel}
      </Flex>
    ),
    search: `${candidate.name} ${candidate.code} +${candidate.tel}`,
    title: candidate.name,
    name: candidate.name,
  }));

  return (
    <Space.Compact style={{ width: '100%', ...style }}>
      <Select
        aria-label={t('regions.mobile.countryCode')}
        data-testid="mobile-country"
        style={{ width: 118, flex: 'none' }}
        value={country}
        disabled={disabled}
        loading={countries.isLoading}
        showSearch={{ optionFilterProp: 'search' }}
        popupMatchSelectWidth={300}
        options={options.length ? options : [{ value: country, label: <span>+{tel}</span>, search: country, title: country, name: country }]}
        optionRender={(option) => (
          <Flex component="span" gap={6} align="center">
            {option.data.label} <span style={{ color: 'rgba(0,0,0,0.45)' }}>{option.data.name}</span>
          </Flex>
        )}
        onChange={(next: string) => {
          setChosen(next);
          if (parsed.national) onChange?.(storedMobile(next, parsed.national));
        }}
      />
      <Input
        id={id}
        inputMode="tel"
        disabled={disabled}
        maxLength={17}
        placeholder={placeholder ?? (current?.mt ? t('regions.mobile.example', { example: current.mt }) : t('regions.mobile.placeholder'))}
        value={parsed.national}
        onChange={(event) => {
          const typed = event.target.value;
          // A number pasted with its dialling code ('+44 7400 123456') brings its country along.
          if (typed.trim().startsWith('+')) {
            const next = compactPhone(typed);
            const { country: pasted } = splitMobile(next, country);
            if (pasted) setChosen(pasted);
            onChange?.(pasted === DOMESTIC_COUNTRY_CODE ? storedMobile(pasted, splitMobile(next).national) : next);
            return;
          }
          setChosen(country);
          onChange?.(storedMobile(country, typed));
        }}
      />
    </Space.Compact>
  );
}

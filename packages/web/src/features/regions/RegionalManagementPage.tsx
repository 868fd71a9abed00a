import { useState } from 'react';
import { Card, Descriptions, Form, Input, Switch, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  REGION_MAX_LEVEL,
  countryBody,
  mobilePatternProblem,
  idOf,
  idOrZeroOf,
  regionBody,
  type CountryAdminRow,
  type RegionAdminRow,
  type StateAdminRow,
} from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { InternationalTreeGradeEditor, TreeGradeEditor, type GradeNode } from '@/components/TreeGradeEditor';
import { Flag } from '@/components/regions/Flag';
import { useUrlUi } from '@/components/list/useUrlUi';
import { zodRule } from '@/components/zodRule';
import { useAdminCountries, useAdminState, useRegion, useRegionWrites } from './queries';

const countryCode = z.string().regex(/^[A-Z]{2}$/);
/** The page's URL: the dialog open (a region added under a parent, 0 = a province; edited; a country or a state). */
const ui = {
  addRegion: idOrZeroOf(),
  editRegion: idOf(),
  country: z.union([z.literal('new'), countryCode]),
  addState: countryCode,
  editState: idOf(),
};

const DOMESTIC_API = 'admin/systems/regions/@id/children';
const INTERNATIONAL_API = ['admin/countries', 'admin/countries/@id/states'] as const;

interface RegionForm {
  local_name: string;
  zipcode: string;
  cod: boolean;
}

function RegionDialog({ parentId, region, onClose }: { parentId: number; region?: RegionAdminRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegionForm>();
  const writes = useRegionWrites();
  const done = () => {
    void writes.refreshEditors();
    onClose();
  };
  const submit = (values: RegionForm) => {
    const body = { local_name: values.local_name.trim(), zipcode: (values.zipcode ?? '').trim(), cod: values.cod ? 1 : 0 };
    if (region) writes.updateRegion.mutate({ params: { id: region.id }, body }, { onSuccess: done });
    else writes.createRegion.mutate({ body: { ...body, parent_id: parentId } }, { onSuccess: done });
  };
  return (
    <FormDialog<RegionForm>
      title={region ? t('regions.manage.editRegion') : t('regions.manage.addRegion')}
      form={form}
      pending={writes.createRegion.isPending || writes.updateRegion.isPending}
      onClose={onClose}
      initialValues={{ local_name: region?.local_name ?? '', zipcode: region?.zipcode ?? '', cod: region ? region.cod === 1 : false }}
      onFinish={submit}
    >
      <Form.Item name="local_name" label={t('regions.manage.name')} rules={[{ required: true, whitespace: true, message: t('regions.manage.nameRequired') }, zodRule(regionBody.shape.local_name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="zipcode" label={t('regions.manage.zipcode')} rules={[{ pattern: /^\d{0,6}$/, message: t('regions.manage.zipcodeInvalid') }]}>
        <Input maxLength={6} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="cod" label={t('regions.manage.cod')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

type CountryForm = Omit<CountryAdminRow, 'id' | 'name' | 'state_count' | 'has_children'>;

function CountryDialog({ country, onClose }: { country?: CountryAdminRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CountryForm>();
  const writes = useRegionWrites();
  const done = () => {
    void writes.refreshEditors();
    onClose();
  };
  const submit = (values: CountryForm) => {
    const body = { name_zh: values.name_zh.trim(), name_en: values.name_en.trim(), tel: values.tel.trim(), mobile_regex: values.mobile_regex.trim(), flag: (values.flag ?? '').trim() };
    if (country) writes.updateCountry.mutate({ params: { code: country.code }, body }, { onSuccess: done });
    else writes.createCountry.mutate({ body: { ...body, code: values.code.trim().toUpperCase() } }, { onSuccess: done });
  };
  return (
    <FormDialog<CountryForm>
      title={country ? t('regions.manage.editCountry') : t('regions.manage.addCountry')}
      form={form}
      pending={writes.createCountry.isPending || writes.updateCountry.isPending}
      onClose={onClose}
      initialValues={country ?? { code: '', name_zh: '', name_en: '', tel: '', mobile_regex: '', flag: '' }}
      onFinish={submit}
    >
      <Form.Item name="code" label={t('regions.manage.countryCode')} rules={[{ required: true, message: t('regions.manage.countryCodeInvalid') }, { pattern: /^[A-Za-z]{2}$/, message: t('regions.manage.countryCodeInvalid') }]}>
        <Input maxLength={2} disabled={!!country} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="name_zh" label={t('regions.manage.nameZh')} rules={[{ required: true, whitespace: true, message: t('regions.manage.nameRequired') }, zodRule(countryBody.shape.name_zh)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="name_en" label={t('regions.manage.nameEn')} rules={[{ required: true, whitespace: true, message: t('regions.manage.nameRequired') }, zodRule(countryBody.shape.name_en)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="tel" label={t('regions.manage.tel')} rules={[{ required: true, message: t('regions.manage.telInvalid') }, { pattern: /^\d{1,4}$/, message: t('regions.manage.telInvalid') }]}>
        <Input maxLength={4} prefix="+" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="mobile_regex"
        label={t('regions.manage.mobileRegex')}
        extra={t('regions.manage.mobileRegexHint')}
        rules={[
          { required: true, whitespace: true, message: t('regions.manage.mobileRegexRequired') },
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = value?.trim() ? mobilePatternProblem(value.trim()) : null;
              if (problem) throw new Error(t(problem === 'slow' ? 'regions.manage.mobileRegexSlow' : 'regions.manage.mobileRegexInvalid'));
            },
          },
        ]}
      >
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="flag" label={t('regions.manage.flag')} extra={t('regions.manage.flagHint')}>
        <Input maxLength={16} style={{ width: 120 }} />
      </Form.Item>
    </FormDialog>
  );
}

interface StateForm {
  name: string;
  code: string;
}

function StateDialog({ countryCode: code, state, onClose }: { countryCode: string; state?: StateAdminRow; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StateForm>();
  const writes = useRegionWrites();
  const done = () => {
    void writes.refreshEditors();
    onClose();
  };
  const submit = (values: StateForm) => {
    const body = { name: values.name.trim(), code: (values.code ?? '').trim() };
    if (state) writes.updateState.mutate({ params: { id: state.id }, body }, { onSuccess: done });
    else writes.createState.mutate({ body: { ...body, country_code: code } }, { onSuccess: done });
  };
  return (
    <FormDialog<StateForm>
      title={state ? t('regions.manage.editState') : t('regions.manage.addState')}
      form={form}
      pending={writes.createState.isPending || writes.updateState.isPending}
      onClose={onClose}
      initialValues={{ name: state?.name ?? '', code: state?.code ?? '' }}
      onFinish={submit}
    >
      <Form.Item name="name" label={t('regions.manage.name')} rules={[{ required: true, whitespace: true, message: t('regions.manage.nameRequired') }]}>
        <Input maxLength={120} autoFocus />
      </Form.Item>
      <Form.Item name="code" label={t('regions.manage.stateCode')}>
        <Input maxLength={10} style={{ width: 160 }} />
      </Form.Item>
    </FormDialog>
  );
}

function RegionSummary({ node }: { node: GradeNode | undefined }) {
  const { t } = useTranslation();
  if (!node) return <Typography.Text type="secondary">{t('regions.manage.chooseHint')}</Typography.Text>;
  const region = node.raw as unknown as RegionAdminRow;
  return (
    <Descriptions size="small" column={4} style={{ maxWidth: 900 }}>
      <Descriptions.Item label={t('regions.manage.name')}>{region.local_name}</Descriptions.Item>
      <Descriptions.Item label={t('regions.manage.grade')}>{region.region_grade}</Descriptions.Item>
      <Descriptions.Item label={t('regions.manage.zipcode')}>{region.zipcode || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('regions.manage.cod')}>{region.cod ? t('regions.manage.codYes') : t('regions.manage.codNo')}</Descriptions.Item>
    </Descriptions>
  );
}

function CountrySummary({ node }: { node: GradeNode | undefined }) {
  const { t } = useTranslation();
  if (!node) return <Typography.Text type="secondary">{t('regions.manage.chooseCountryHint')}</Typography.Text>;
  const country = node.raw as unknown as CountryAdminRow;
  return (
    <Descriptions size="small" column={4} style={{ maxWidth: 1100 }}>
      <Descriptions.Item label={t('regions.manage.flag')}>
        <Flag code={country.code} />
      </Descriptions.Item>
      <Descriptions.Item label={t('regions.manage.countryCode')}>{country.code}</Descriptions.Item>
      <Descriptions.Item label={t('regions.manage.tel')}>+{country.tel}</Descriptions.Item>
      <Descriptions.Item label={t('regions.manage.mobileRegex')}>
        <Typography.Text code ellipsis={{ tooltip: country.mobile_regex }} style={{ maxWidth: 320 }}>
          {country.mobile_regex}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Regional management (DOMAIN §2.26): the domestic tree (three levels, zipcode, cash on delivery)
 * and the international one (countries with dial code, mobile pattern and flag; their states),
 * each in the tree-grade editor. The server refuses deleting what is in use or has children.
 */
export default function RegionalManagementPage() {
  const { t } = useTranslation();
  const { ui: open, openUi, closeUi } = useUrlUi(ui);
  const writes = useRegionWrites();
  const [domesticPath, setDomesticPath] = useState<GradeNode[]>([]);
  const [internationalPath, setInternationalPath] = useState<GradeNode[]>([]);
  const international = open.country !== undefined || open.addState !== undefined || open.editState !== undefined;
  const [tab, setTab] = useState(international ? 'international' : 'domestic');
  const countries = useAdminCountries();
  const editedRegion = useRegion(open.editRegion);
  const editedState = useAdminState(open.editState);
  const editedCountry = open.country && open.country !== 'new' ? countries.data?.find((country) => country.code === open.country) : undefined;

  const removed = (node: GradeNode, path: GradeNode[], setPath: (path: GradeNode[]) => void) => {
    void writes.refreshEditors();
    if (path.some((step) => step.id === node.id)) setPath(path.slice(0, path.findIndex((step) => step.id === node.id)));
  };

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'domestic',
            label: t('regions.manage.domestic'),
            children: (
              <>
                <TreeGradeEditor
                  api={DOMESTIC_API}
                  maxLevel={REGION_MAX_LEVEL}
                  fieldNames={{ id: 'id', name: 'local_name', hasChildren: 'has_children' }}
                  onSelect={setDomesticPath}
                  onAdd={(_level, parent) => openUi({ addRegion: Number(parent?.id ?? 0) })}
                  onEdit={(node) => openUi({ editRegion: Number(node.id) })}
                  onDelete={(node) => writes.removeRegion.mutateAsync({ params: { id: Number(node.id) } }).then(() => removed(node, domesticPath, setDomesticPath))}
                />
                <div style={{ marginTop: 16 }}>
                  <RegionSummary node={domesticPath[domesticPath.length - 1]} />
                </div>
              </>
            ),
          },
          {
            key: 'international',
            label: t('regions.manage.international'),
            children: (
              <>
                <InternationalTreeGradeEditor
                  api={INTERNATIONAL_API}
                  rootId={0}
                  fieldNames={{ id: 'id', name: 'name', hasChildren: 'has_children' }}
                  onSelect={setInternationalPath}
                  onAdd={(level, parent) => (level === 1 ? openUi({ country: 'new' }) : openUi({ addState: String(parent?.id) }))}
                  onEdit={(node, level) => (level === 1 ? openUi({ country: String(node.id) }) : openUi({ editState: Number(node.id) }))}
                  onDelete={(node, level) =>
                    (level === 1
                      ? writes.removeCountry.mutateAsync({ params: { code: String(node.id) } })
                      : writes.removeState.mutateAsync({ params: { id: Number(node.id) } })
                    ).then(() => removed(node, internationalPath, setInternationalPath))
                  }
                />
                <div style={{ marginTop: 16 }}>
                  <CountrySummary node={internationalPath[0]} />
                </div>
              </>
            ),
          },
        ]}
      />
      {open.addRegion !== undefined && <RegionDialog parentId={open.addRegion} onClose={closeUi} />}
      {open.editRegion !== undefined && editedRegion.data && <RegionDialog parentId={editedRegion.data.parent_id} region={editedRegion.data} onClose={closeUi} />}
      {open.country === 'new' && <CountryDialog onClose={closeUi} />}
      {editedCountry && <CountryDialog country={editedCountry} onClose={closeUi} />}
      {open.addState && <StateDialog countryCode={open.addState} onClose={closeUi} />}
      {open.editState !== undefined && editedState.data && <StateDialog countryCode={editedState.data.country_code} state={editedState.data} onClose={closeUi} />}
    </Card>
  );
}

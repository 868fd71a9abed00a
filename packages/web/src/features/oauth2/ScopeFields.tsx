import { useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OAUTH2_SCOPE_MAX, shopEndpoints } from '@agora/contract';
import { CategoryCascader, useCategory } from '@/components/CategoryCascader';
import { ShopSelect } from '@/components/ShopSelect';
import { useApi } from '@/lib/api';

interface IdsField {
  value?: number[];
  onChange?(value: number[]): void;
  id?: string;
}

const add = (ids: number[], id: number | undefined) => (id === undefined || ids.includes(id) || ids.length >= OAUTH2_SCOPE_MAX ? ids : [...ids, id]);

/** The shops of a client's scope: picked one at a time with the shop select, each shown as a closable tag. */
export function ShopScopeField({ value = [], onChange, id }: IdsField) {
  const { t } = useTranslation();
  const names = useApi(shopEndpoints.options, { query: { ids: value.join(','), keyword: '', limit: OAUTH2_SCOPE_MAX } }, { enabled: value.length > 0, staleTime: 30_000 });
  const nameOf = (shopId: number) => names.data?.find((shop) => shop.shop_id === shopId)?.shop_name ?? `#${shopId}`;
  return (
    <Flex vertical gap={8}>
      <ShopSelect id={id} value={undefined} placeholder={t('oauth2.form.addShop')} style={{ width: 320 }} onChange={(shopId) => onChange?.(add(value, shopId))} />
      <Flex wrap gap={4}>
        {value.map((shopId) => (
          <Tag key={shopId} closable onClose={() => onChange?.(value.filter((other) => other !== shopId))}>
            {nameOf(shopId)}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}

function CategoryTag({ categoryId, onClose }: { categoryId: number; onClose(): void }) {
  const category = useCategory(categoryId);
  return (
    <Tag closable onClose={onClose}>
      {category.data?.name ?? `#${categoryId}`}
    </Tag>
  );
}

/** The categories of a client's scope: any level of the category tree, one at a time (a parent covers its subtree). */
export function CategoryScopeField({ value = [], onChange }: IdsField) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number>();
  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <CategoryCascader value={chosen} placeholder={t('oauth2.form.addCategory')} style={{ width: 320 }} onChange={setChosen} />
        <Button
          disabled={chosen === undefined}
          onClick={() => {
            onChange?.(add(value, chosen));
            setChosen(undefined);
          }}
        >
          {t('oauth2.form.add')}
        </Button>
      </Flex>
      <Flex wrap gap={4}>
        {value.map((categoryId) => (
          <CategoryTag key={categoryId} categoryId={categoryId} onClose={() => onChange?.(value.filter((other) => other !== categoryId))} />
        ))}
      </Flex>
    </Flex>
  );
}

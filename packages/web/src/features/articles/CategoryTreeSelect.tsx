import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { articleCategoryEndpoints, type ArticleCategoryNode } from '@agora/contract';
import { useApi } from '@/lib/api';

interface Option {
  value: number;
  title: string;
  disabled?: boolean;
  children?: Option[];
}

const toOptions = (nodes: ArticleCategoryNode[], topOnly: boolean, except?: number): Option[] =>
  nodes
    .filter((node) => node.id !== except)
    .map((node) => ({ value: node.id, title: node.name, children: topOnly ? undefined : toOptions(node.children, false, except) }));

/** The article categories as a tree; `topOnly` offers the first level only (a parent for a new category). */
export function CategoryTreeSelect({
  id,
  value,
  onChange,
  topOnly = false,
  except,
  placeholder,
  allowClear,
  style,
}: {
  /** the form item's id, so its label names this field */
  id?: string;
  value?: number;
  onChange?(value: number | undefined): void;
  topOnly?: boolean;
  except?: number;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const tree = useApi(articleCategoryEndpoints.tree, {});
  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      treeData={toOptions(tree.data ?? [], topOnly, except)}
      treeDefaultExpandAll
      loading={tree.isLoading}
      allowClear={allowClear}
      placeholder={placeholder ?? t('articles.category')}
      style={style}
      showSearch
      treeNodeFilterProp="title"
    />
  );
}

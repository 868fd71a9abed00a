import { useEffect } from 'react';
import { Button, Card, Flex, Form, Input, InputNumber, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { ARTICLE_LIMITS, ROUTE_BY_NAME, articleBody, articleEndpoints, idOf } from '@agora/contract';
import { RichTextEditor } from '@/components/RichTextEditor';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';
import { CategoryTreeSelect } from './CategoryTreeSelect';

interface ArticleForm {
  article_name: string;
  category_id?: number;
  sort: number;
  outside_url: string;
  content: string;
}

const editedId = z.object({ id: idOf().optional() });

/** addArticle (hidden): writes a new article, or edits the one named by `?id=`; back to the list when saved. */
export default function ArticleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const parsed = editedId.safeParse({ id: search.get('id') ?? undefined });
  const id = parsed.success ? parsed.data.id : undefined;
  const [form] = Form.useForm<ArticleForm>();
  const article = useApi(articleEndpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  const create = useApiMutation(articleEndpoints.create, { success: 'articles.saved', invalidates: ['articles', 'articleCategories'] });
  const update = useApiMutation(articleEndpoints.update, { success: 'articles.saved', invalidates: ['articles', 'articleCategories'] });
  const back = () => navigate(ROUTE_BY_NAME.get('articleList')!.path);

  useEffect(() => {
    if (article.data) form.setFieldsValue({ ...article.data });
  }, [article.data, form]);

  if (id !== undefined && !article.data) return <Card>{article.isError ? null : <Skeleton active />}</Card>;

  const submit = (values: ArticleForm) => {
    const body = { article_name: values.article_name, category_id: values.category_id!, sort: values.sort ?? 0, outside_url: values.outside_url ?? '', content: values.content ?? '' };
    if (id !== undefined) update.mutate({ params: { id }, body }, { onSuccess: back });
    else create.mutate({ body }, { onSuccess: back });
  };

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          {id !== undefined ? t('articles.edit') : t('articles.add')}
          {article.data && article.data.show_position !== 'OTHER' && <Tag color="gold">{t(`articles.positions.${article.data.show_position}`)}</Tag>}
        </Flex>
      }
    >
      <Form<ArticleForm> form={form} layout="vertical" initialValues={{ sort: 0, outside_url: '', content: '' }} onFinish={submit} style={{ maxWidth: 960 }}>
        <Flex gap={16} wrap>
          <Form.Item name="article_name" label={t('articles.name')} required rules={[zodRule(articleBody.shape.article_name)]} style={{ flex: '1 1 280px' }}>
            <Input maxLength={ARTICLE_LIMITS.articleName} showCount />
          </Form.Item>
          <Form.Item name="category_id" label={t('articles.category')} rules={[{ required: true, message: t('articles.categoryRequired') }]} style={{ flex: '1 1 220px' }}>
            <CategoryTreeSelect />
          </Form.Item>
          <Form.Item name="sort" label={t('articles.sort')} rules={[zodRule(articleBody.shape.sort)]} style={{ flex: '0 0 140px' }}>
            <InputNumber min={0} max={ARTICLE_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="outside_url" label={t('articles.outsideUrl')} extra={t('articles.outsideUrlHint')} rules={[zodRule(articleBody.shape.outside_url)]}>
          <Input maxLength={ARTICLE_LIMITS.url} placeholder="https://" />
        </Form.Item>
        <Form.Item name="content" label={t('articles.content')}>
          <RichTextEditor />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {t('common.actions.save')}
          </Button>
          <Button onClick={back}>{t('common.actions.back')}</Button>
        </Flex>
      </Form>
    </Card>
  );
}

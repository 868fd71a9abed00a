import type { ReactNode } from 'react';
import { Flex, Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditStatus, CommentGrade, ComplaintStatus } from '@agora/contract';

const COMPLAINT_COLORS: Record<ComplaintStatus, string> = {
  NEW: 'red',
  WAIT_APPEAL: 'orange',
  COMMUNICATION: 'blue',
  WAIT_ARBITRATION: 'volcano',
  COMPLETE: 'green',
  CANCEL: 'default',
};

export function ComplaintStatusTag({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return <Tag color={COMPLAINT_COLORS[status]}>{t(`sale.complaintStatus.${status}`)}</Tag>;
}

const AUDIT_COLORS: Record<AuditStatus, string> = { WAIT_AUDIT: 'orange', PASS_AUDIT: 'green', REFUSE_AUDIT: 'red' };

export function AuditTag({ status }: { status: AuditStatus }) {
  const { t } = useTranslation();
  return <Tag color={AUDIT_COLORS[status]}>{t(`sale.audit.${status}`)}</Tag>;
}

const GRADE_COLORS: Record<CommentGrade, string> = { good: 'green', neutral: 'gold', bad: 'red' };

export function GradeTag({ grade }: { grade: CommentGrade }) {
  const { t } = useTranslation();
  return <Tag color={GRADE_COLORS[grade]}>{t(`sale.grades.${grade}`)}</Tag>;
}

/** The goods a row is about: its picture and its name, capped so the list keeps its width. */
export function GoodsCell({ image, name, width = 180, below }: { image: string; name: string; width?: number; below?: ReactNode }) {
  return (
    <Flex gap={8} align="center">
      {image && <Image src={image} alt={name} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }} />}
      <Flex vertical style={{ lineHeight: 1.4 }}>
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: width }}>
          {name}
        </Typography.Text>
        {below}
      </Flex>
    </Flex>
  );
}

/** A secondary line under a cell's main text (who wrote it, which order), capped to a width. */
export function Secondary({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ maxWidth: width, fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
}

/** Pictures a buyer or seller attached: thumbnails that open the preview, browsable as a group. */
export function Pictures({ urls, size = 40 }: { urls: string[]; size?: number }) {
  if (urls.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Flex gap={4} wrap>
        {urls.map((url, index) => (
          <Image key={`${url}-${index}`} src={url} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

/** Text capped to a width with the whole as its tooltip. */
export function Capped({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

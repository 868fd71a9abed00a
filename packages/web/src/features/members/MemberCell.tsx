import { Avatar, Space, Typography } from 'antd';
import { generatePath } from 'react-router-dom';
import { ROUTE_BY_NAME } from '@agora/contract';
import { formatSignedYuan } from '@/components/formatMoney';
import { formatPlatformTime } from '@/components/formatTime';

/** A signed change: +￥10.00 / -￥5.50, +100 / -20. */
export const formatSigned = (value: number, money: boolean) => (money ? formatSignedYuan(value) : `${value > 0 ? '+' : ''}${value}`);

const routePath = (name: string) => ROUTE_BY_NAME.get(name)?.path ?? '/';
export const MEMBER_LIST_PATH = routePath('memberList');
export const MEMBER_LEVEL_PATH = routePath('memberLevel');
export const MEMBER_LEVEL_ADD_PATH = routePath('memberLevelAdd');
export const memberEditPath = (id: number) => generatePath(routePath('memberEdit'), { id: String(id) });
export const memberTopUpPath = (id: number) => `${routePath('memberTopUp')}?member_id=${id}`;
export const memberLevelEditPath = (id: number) => generatePath(routePath('memberLevelEdit'), { id: String(id) });

export function MemberCell({ member }: { member: { uname: string; nickname: string; face: string } }) {
  return (
    <Space>
      <Avatar src={member.face || undefined} size={36}>
        {(member.nickname || member.uname).slice(0, 1).toUpperCase()}
      </Avatar>
      <Space orientation="vertical" size={0}>
        {/* Capped, so a long name never widens the list past its window (the full name is the tooltip). */}
        <Typography.Text strong ellipsis={{ tooltip: member.uname }} style={{ maxWidth: 100 }}>
          {member.uname}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: member.nickname || undefined }} style={{ fontSize: 12, maxWidth: 100 }}>
          {member.nickname || '—'}
        </Typography.Text>
      </Space>
    </Space>
  );
}

/** A time on two short lines (date, then the time of day) so a list of many columns stays narrow. */
export function TimeCell({ seconds }: { seconds: number | null }) {
  if (!seconds) return <>—</>;
  const [day, time] = formatPlatformTime(seconds).split(' ');
  return (
    <Space orientation="vertical" size={0}>
      {day}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </Space>
  );
}

/** A member's mobile (masked) and email on two lines. */
export function ContactCell({ mobile, email }: { mobile: string; email: string }) {
  return (
    <Space orientation="vertical" size={0}>
      {/* Capped like the names: an international number or a long address never widens the list. */}
      <Typography.Text ellipsis={{ tooltip: mobile }} style={{ maxWidth: 130 }}>
        {mobile}
      </Typography.Text>
      {email && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: email }} style={{ fontSize: 12, maxWidth: 130 }}>
          {email}
        </Typography.Text>
      )}
    </Space>
  );
}

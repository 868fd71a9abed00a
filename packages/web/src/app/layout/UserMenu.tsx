import { useState } from 'react';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logout } from '@/lib/auth';
import { modal } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { getUser } from '@/lib/session';
import { useSiteShow } from '../site';
import { ChangePasswordDialog } from './ChangePasswordDialog';

type UserAction = 'home' | 'browseSite' | 'changePassword' | 'logout';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSiteShow();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const user = getUser();

  const confirmLogout = () =>
    modal().confirm({
      title: msg('logoutConfirmTitle'),
      content: msg('logoutConfirm'),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      // Without a session the route guard takes the operator to /login.
      onOk: () => logout(),
    });

  const items: MenuProps['items'] = [
    { key: 'home', label: t('layout.user.home') },
    { key: 'browseSite', label: t('layout.user.browseSite'), disabled: !site.data?.buyer_domain },
    { key: 'changePassword', label: t('layout.user.changePassword') },
    { type: 'divider' },
    { key: 'logout', label: t('layout.user.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const action = key as UserAction;
    if (action === 'home') navigate('/dashboard');
    else if (action === 'browseSite' && site.data?.buyer_domain) window.open(site.data.buyer_domain, '_blank', 'noopener');
    else if (action === 'changePassword') setPasswordOpen(true);
    else if (action === 'logout') confirmLogout();
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <span className="agora-user-menu" data-testid="user-menu" role="button" tabIndex={0}>
          <Avatar size="small" src={user?.face || undefined} icon={<UserOutlined />} />
          <span className="agora-user-name">{user?.real_name || user?.username}</span>
          <DownOutlined />
        </span>
      </Dropdown>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}

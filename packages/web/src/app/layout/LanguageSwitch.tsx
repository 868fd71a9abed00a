import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { availableLanguages, switchLanguage } from '@/lib/i18n';
import { currentLanguage } from '@/lib/locale';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguage();
  const languages = availableLanguages();
  const currentName = languages.find((language) => language.code === current)?.lang ?? current;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: languages.map((language) => ({ key: language.code, label: language.lang })),
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => {
          if (key !== current) switchLanguage(key);
        },
      }}
    >
      <Button type="text" data-testid="lang-switch" aria-label={t('layout.language')} icon={<TranslationOutlined />}>
        {currentName}
      </Button>
    </Dropdown>
  );
}

import { ColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR } from '@agora/contract';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { useThemeColor } from '../theme';

const PRESET_COLORS = [DEFAULT_THEME_COLOR, '#1677FF', '#722ED1', '#13C2C2', '#52C41A', '#FA8C16', '#F5222D', '#EB2F96', '#304156'];

/** Spec §2: one colour drives the whole antd theme; kept across visits. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { color, setColor } = useThemeColor();
  return (
    <Tooltip title={t('layout.themeColor')}>
      <span data-testid="theme-picker" className="agora-theme-picker">
        <ColorPicker
          size="small"
          disabledAlpha
          value={color}
          presets={[{ label: t('layout.themeColor'), colors: PRESET_COLORS }]}
          onChangeComplete={(value) => {
            const next = value.toHexString().toUpperCase();
            if (next === color.toUpperCase()) return;
            setColor(next);
            toast.success(msg('themeChanged'));
          }}
        />
      </span>
    </Tooltip>
  );
}

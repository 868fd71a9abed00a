import { Divider, Form, InputNumber, Space, Table, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { POINT_MAX, POINT_TRIGGERS, pointSettingsBody, type PointTrigger } from '@agora/contract';
import { OnOff, SettingsForm, documentRule, type SettingsTabProps } from './SettingsForm';

/** admin/settings/point (DOMAIN §2.29 "Points"): what each action earns, and the exchange rate. */
export function PointSettingsTab(props: SettingsTabProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`settings.point.${key}`);
  const amount = (trigger: PointTrigger, field: 'consum_point' | 'grade_point') => (
    <Form.Item name={[trigger, field]} noStyle={false} style={{ margin: 0 }} rules={[documentRule(pointSettingsBody, [trigger, field])]}>
      <InputNumber
        aria-label={`${label(`triggers.${trigger}`)} ${label(field)}`}
        min={0}
        max={POINT_MAX}
        precision={0}
        style={{ width: 140 }}
      />
    </Form.Item>
  );
  const heading = (field: 'consum_point' | 'grade_point', help: string) => (
    <Space size={4}>
      {label(field)}
      <Tooltip title={label(help)}>
        <QuestionCircleOutlined />
      </Tooltip>
    </Space>
  );

  return (
    <SettingsForm {...props} docKey="point">
      {() => (
        <>
          <Table<{ trigger: PointTrigger }>
            rowKey="trigger"
            size="middle"
            pagination={false}
            style={{ maxWidth: 760, marginBottom: 24 }}
            dataSource={POINT_TRIGGERS.map((trigger) => ({ trigger }))}
            columns={[
              { title: label('trigger'), dataIndex: 'trigger', render: (trigger: PointTrigger) => label(`triggers.${trigger}`) },
              {
                title: label('open'),
                dataIndex: 'trigger',
                key: 'open',
                width: 100,
                render: (trigger: PointTrigger) => (
                  <Form.Item name={[trigger, 'open']} style={{ margin: 0 }}>
                    <OnOff aria-label={`${label(`triggers.${trigger}`)} ${label('open')}`} />
                  </Form.Item>
                ),
              },
              { title: heading('consum_point', 'consumHelp'), dataIndex: 'trigger', key: 'consum', render: (trigger: PointTrigger) => amount(trigger, 'consum_point') },
              { title: heading('grade_point', 'gradeHelp'), dataIndex: 'trigger', key: 'grade', render: (trigger: PointTrigger) => amount(trigger, 'grade_point') },
            ]}
          />
          <Divider titlePlacement="start">{label('exchange')}</Divider>
          <Form.Item name="parities" label={label('parities')}>
            <OnOff aria-label={label('parities')} />
          </Form.Item>
          <Form.Item label={label('parities_point')} required>
            <Space>
              <Form.Item name="parities_point" noStyle dependencies={['parities']} rules={[documentRule(pointSettingsBody, ['parities_point'])]}>
                <InputNumber aria-label={label('parities_point')} min={0} max={POINT_MAX} precision={0} style={{ width: 140 }} />
              </Form.Item>
              <span>{label('paritiesUnit')}</span>
            </Space>
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}

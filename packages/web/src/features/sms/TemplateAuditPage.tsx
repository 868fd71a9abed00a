import { SmsTemplatesPage } from './SmsTemplatesPage';

/** addTemplateAudit (模板审核) */
export default function TemplateAuditPage() {
  return <SmsTemplatesPage mode="audit" />;
}

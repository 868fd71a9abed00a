import type { MemberDetail, MemberRow } from '@agora/contract';

/** A member as `GET admin/members` lists it (mobile masked), for the member pages and the member picker. */
export const memberRow = (fields: Partial<MemberRow> = {}): MemberRow => ({
  member_id: 1,
  uname: 'zhangsan',
  nickname: '张三',
  face: '',
  mobile: '138*****678',
  email: '',
  sex: 1,
  level_id: 2,
  level_name: '白银会员',
  grade_point: 1200,
  consum_point: 300,
  balance: 88.5,
  create_time: 1_700_000_000,
  last_login: 1_700_100_000,
  login_count: 12,
  disabled: 0,
  register_source: 'APP',
  ...fields,
});

/** A member as `GET admin/members/{id}` answers (the full mobile). */
export const memberDetail = (fields: Partial<MemberDetail> = {}): MemberDetail => ({
  ...memberRow(),
  mobile: '13812345678',
  birthday: null,
  region_selection: null,
  region_ids: [],
  region: '',
  address: '',
  tel: '',
  remark: '',
  register_ip: '',
  have_shop: 0,
  shop_id: null,
  ...fields,
});

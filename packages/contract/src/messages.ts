/**
 * Every message text of the spec (§5, §8) and the server's own error messages, in
 * both languages. The server answers in the language of the request's `language`
 * header; the console shows the server's message as it comes.
 */
export const MSG = {
  formInvalidLogin: '表单填写有误，请检查！',
  formInvalid: '表单填写有误，请核对！',
  routeGenFailed: '验证失败,请重新登录',
  timeout: '连接超时，请稍候再试！',
  network: '网络错误，请稍后再试！',
  authErrorTitle: '权限错误',
  authExpired: '您的登录状态已失效，请重新登录！',
  logoutConfirm: '确定退出吗？',
  logoutConfirmTitle: '提示',
  themeChanged: '换肤成功',
  fullscreenUnsupported: 'you browser can not work',
  smsSent: '验证码已发送，请查收',
  twoStepNotConfigured: '请先配置 二次验证配置，即将自动跳转至设置页面',
  noDeriveRecord: '当前角色未开启后台任务权限，请开启后查看！',
  passwordRule: '密码应为6-20位英文或数字！',
  passwordMismatch: '两次输入不一致！',
  oldPasswordRequired: '请输入原密码！',
  newPasswordRequired: '请输入新密码！',
  confirmPasswordRequired: '请确认您的新密码！',
  mobileRequired: '请输入手机号！',
  mobileInvalid: '手机号码格式有误！',
} as const;

export interface LocalizedText {
  zh: string;
  en: string;
}

/** Server error codes with their messages. */
export const ERRORS = {
  VALIDATION: { zh: '参数错误', en: 'Invalid parameters' },
  UNAUTHENTICATED: { zh: '请先登录', en: 'Please sign in' },
  SESSION_INVALID: { zh: '登录状态已失效，请重新登录', en: 'Your session is no longer valid, please sign in again' },
  NO_PERMISSION: { zh: '您没有执行此操作的权限', en: 'You do not have permission for this operation' },
  NOT_FOUND: { zh: '请求的资源不存在', en: 'Not found' },
  INTERNAL: { zh: '服务器内部错误', en: 'Internal server error' },
  CAPTCHA_INVALID: { zh: '图片验证码错误或已过期', en: 'The captcha is wrong or has expired' },
  LOGIN_FAILED: { zh: '账号或密码错误', en: 'Wrong username or password' },
  ACCOUNT_DISABLED: { zh: '该管理员已被禁用', en: 'This administrator is disabled' },
  LOGIN_LOCKED: { zh: '登录失败次数过多，请{minutes}分钟后再试', en: 'Too many failed sign-ins, try again in {minutes} minutes' },
  REFRESH_INVALID: { zh: '刷新令牌无效，请重新登录', en: 'Refresh token invalid, please sign in again' },
  OLD_PASSWORD_WRONG: { zh: '原密码错误', en: 'The old password is wrong' },
  USERNAME_TAKEN: { zh: '管理员名称已存在', en: 'This username is already taken' },
  ROLE_NAME_TAKEN: { zh: '角色名称已存在', en: 'This role name is already taken' },
  ROLE_IN_USE: { zh: '该角色下有管理员，不能删除', en: 'Administrators still hold this role; it cannot be deleted' },
  ROLE_REQUIRED: { zh: '请选择角色', en: 'Please choose a role' },
  ROLE_NOT_FOUND: { zh: '角色不存在', en: 'Role not found' },
  UNKNOWN_PERMISSION: { zh: '权限名称无效：{name}', en: 'Unknown permission: {name}' },
  ADMIN_NOT_FOUND: { zh: '管理员不存在', en: 'Administrator not found' },
  FOUNDER_PROTECTED: { zh: '超级管理员只能由本人修改', en: 'Only the founder themself may change or remove a founder account' },
  LAST_FOUNDER: { zh: '必须保留一个超级管理员', en: 'At least one founder must remain' },
  FOUNDER_ONLY: { zh: '只有超级管理员可以设置超级管理员', en: 'Only a founder can grant founder rights' },
  SELF_ACTION: { zh: '不能删除或禁用自己', en: 'You cannot delete or disable yourself' },
  TWO_STEP_REQUIRED: { zh: '请先完成二次身份验证', en: 'Second-step verification is required' },
  TWO_STEP_NOT_CONFIGURED: { zh: '未配置二次验证方式', en: 'No second-step verification method is configured' },
  SMS_CODE_INVALID: { zh: '短信验证码错误或已过期', en: 'The SMS code is wrong or has expired' },
  SMS_TOO_FREQUENT: { zh: '发送过于频繁，请{seconds}秒后再试', en: 'Too frequent, try again in {seconds} seconds' },
  VERIFY_PASSWORD_WRONG: { zh: '验证密码错误', en: 'The verification password is wrong' },
  VERIFY_LOCKED: { zh: '验证失败次数过多，请{minutes}分钟后再试', en: 'Too many failed verifications, try again in {minutes} minutes' },
  VERIFY_MOBILE_MISSING: { zh: '请先绑定验证手机号', en: 'Bind a verification mobile number first' },
  VERIFY_PASSWORD_MISSING: { zh: '请先设置验证密码', en: 'Set a verification password first' },
  LANG_UNKNOWN: { zh: '不支持的语言', en: 'Unsupported language' },
  GOODS_NOT_FOUND: { zh: '商品不存在：{ids}', en: 'No such goods: {ids}' },
  GOODS_ALREADY_AUDITED: { zh: '已审核，请勿重复审核', en: 'Already audited; do not audit twice' },
  GOODS_NOT_ON_SALE: { zh: '商品未在售，不能下架：{names}', en: 'Not on sale, cannot be taken down: {names}' },
  GOODS_NOT_OFF_SHELF: { zh: '商品不是下架状态，不能上架：{names}', en: 'Not off shelf, cannot be put on sale: {names}' },
  GOODS_NOT_PASSED: { zh: '商品未通过审核，不能上架：{names}', en: 'Not approved, cannot be put on sale: {names}' },
  GOODS_SHOP_CLOSED: { zh: '店铺关闭中,商品不能上架', en: 'The shop is closed; its goods cannot be put on sale' },
  SHOP_NOT_FOUND: { zh: '店铺不存在', en: 'No such shop' },
  SHOP_NOT_OPEN: { zh: '店铺不是开启状态，不能关闭', en: 'Only an open shop can be closed' },
  SHOP_NOT_CLOSED: { zh: '店铺不是关闭状态，不能开启', en: 'Only a closed shop can be opened' },
  SHOP_NOT_APPLYING: { zh: '该店铺不在待审核状态，请勿重复审核', en: 'This shop is not awaiting audit' },
  CATEGORY_NOT_FOUND: { zh: '分类不存在', en: 'Category not found' },
  CATEGORY_PARENT_NOT_FOUND: { zh: '上级分类不存在', en: 'The parent category does not exist' },
  CATEGORY_TOO_DEEP: { zh: '最多为{max}级分类', en: 'Categories may be at most {max} levels deep' },
  CATEGORY_NAME_TAKEN: { zh: '同级分类下已存在名称“{name}”', en: 'A sibling category is already named "{name}"' },
  CATEGORY_HAS_CHILDREN: { zh: '此类别下存在子类别不能删除', en: 'This category has subcategories and cannot be deleted' },
  CATEGORY_HAS_GOODS: { zh: '此类别下存在商品不能删除', en: 'This category has goods and cannot be deleted' },
  CATEGORY_MOVE_HAS_CHILDREN: { zh: '此类别下存在子类别，不能修改上级分类', en: 'A category with subcategories cannot change its parent' },
  CATEGORY_PARENT_SELF: { zh: '上级分类不能是自己', en: 'A category cannot be its own parent' },
  BRAND_NOT_FOUND: { zh: '品牌不存在：{ids}', en: 'No such brand: {ids}' },
  BRAND_NAME_TAKEN: { zh: '品牌名称已存在', en: 'This brand name is already taken' },
  BRAND_BOUND_TO_CATEGORY: { zh: '品牌已关联分类，不能删除：{names}', en: 'Bound to a category, cannot be deleted: {names}' },
  BRAND_USED_BY_GOODS: { zh: '品牌下存在商品，不能删除：{names}', en: 'Goods use this brand, cannot be deleted: {names}' },
  PARAM_GROUP_NOT_FOUND: { zh: '参数组不存在', en: 'Parameter group not found' },
  PARAM_NOT_FOUND: { zh: '参数不存在', en: 'Parameter not found' },
  UPLOAD_NO_FILE: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  UPLOAD_BAD_EXT: { zh: '不支持的文件格式，仅支持：{exts}', en: 'Unsupported file type; allowed: {exts}' },
  UPLOAD_CONTENT_MISMATCH: { zh: '文件内容与扩展名不符，请上传真实的{ext}文件', en: 'The file content does not match its extension; upload a real {ext} file' },
  UPLOAD_IMAGE_TOO_LARGE: { zh: '图片大小不能超过{limit}MB', en: 'An image may be at most {limit} MB' },
  UPLOAD_VIDEO_TOO_LARGE: { zh: '视频大小不能超过{limit}MB', en: 'A video may be at most {limit} MB' },
} satisfies Record<string, LocalizedText>;

export type ErrorCode = keyof typeof ERRORS;

export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

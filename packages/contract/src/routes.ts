/**
 * The one route table of the console. Route names are permission names (spec §6):
 * the web app builds its router, side menu, breadcrumbs and tab titles from it, and
 * the server builds the role-permission tree and validates role permission lists with it.
 */
export interface RouteTitle {
  zh: string;
  en: string;
}

export interface RouteDef {
  name: string;
  /** absolute path under the admin base path; `:param` segments for parameters */
  path: string;
  title: RouteTitle;
  hidden?: boolean;
  /** antd icon name for top-level menu entries */
  icon?: string;
  children?: readonly RouteDef[];
}

/** Type-only: the route names of a route and everything under it, so `RouteName` is a literal union. */
interface Names<N extends string> {
  readonly __names?: N;
}
type NamedRoute = RouteDef & Names<string>;

interface RouteExtra<C extends readonly NamedRoute[]> {
  hidden?: boolean;
  icon?: string;
  children?: C;
}

function r<const N extends string, const C extends readonly NamedRoute[] = readonly []>(
  name: N,
  path: string,
  zh: string,
  en: string,
  extra: RouteExtra<C> = {},
): RouteDef & Names<N | NonNullable<C[number]['__names']>> {
  return { name, path, title: { zh, en }, ...extra };
}
const hidden = { hidden: true } as const;

export const ROUTES = [
  r('dashboard', '/dashboard', '首页', 'Dashboard', { icon: 'DashboardOutlined' }),
  r('goods', '/goods', '商品', 'Goods', {
    icon: 'ShoppingOutlined',
    children: [
      r('goodsList', '/goods/goods-list', '商品列表', 'Goods list'),
      r('goodsAudit', '/goods/goods-audit', '商品审核', 'Goods audit'),
      r('goodsSetting', '/goods/goods-setting', '商品设置', 'Goods settings', {
        children: [
          r('categoryList', '/goods/goods-setting/category-list', '分类列表', 'Categories'),
          r('categoryParams', '/goods/goods-setting/category-params/:id', '分类参数', 'Category parameters', hidden),
          r('brandList', '/goods/goods-setting/brand-list', '品牌列表', 'Brands'),
        ],
      }),
    ],
  }),
  r('order', '/order', '订单', 'Orders', {
    icon: 'ProfileOutlined',
    children: [
      r('orderList', '/order/order-list', '订单列表', 'Order list'),
      r('orderDetail', '/order/detail/:sn', '订单详情', 'Order detail', hidden),
    ],
  }),
  r('member', '/member', '会员', 'Members', {
    icon: 'UserOutlined',
    children: [
      r('memberList', '/member/member-list', '会员列表', 'Member list'),
      r('memberRecycle', '/member/member-recycle', '会员回收站', 'Member recycle bin'),
      r('memberTopUp', '/member/member-top-up', '会员充值', 'Member top-up', hidden),
      r('memberEdit', '/member/edit/:id', '编辑会员', 'Edit member', hidden),
      r('memberLevel', '/member/member-level', '会员等级', 'Member levels'),
      r('memberLevelAdd', '/member/member-level-add', '添加会员等级', 'Add member level', hidden),
      r('memberLevelEdit', '/member/member-level-edit/:id', '编辑会员等级', 'Edit member level', hidden),
    ],
  }),
  r('shop', '/shop', '店铺', 'Shops', {
    icon: 'ShopOutlined',
    children: [
      r('shopList', '/shop/shop-list', '店铺列表', 'Shop list'),
      r('shopAudit', '/shop/shop-audit', '店铺审核', 'Shop audit'),
      r('shopThemes', '/shop/themes', '主题', 'Themes'),
      r('shopContracts', '/shop/contracts', '店铺合同', 'Shop contracts'),
      r('shopEdit', '/shop/edit/:id', '编辑店铺', 'Edit shop', hidden),
      r('shopAdd', '/shop/shop-add', '添加店铺', 'Add shop', hidden),
    ],
  }),
  r('promotions', '/promotions', '促销', 'Promotions', {
    icon: 'GiftOutlined',
    children: [
      r('couponList', '/promotions/coupon-list', '优惠券列表', 'Coupons'),
      r('coupon', '/promotions/coupon', '新增优惠券', 'New coupon', hidden),
      r('couponUpdate', '/promotions/couponUpdate', '编辑优惠券', 'Edit coupon', hidden),
      r('receiveList', '/promotions/receive-list/:id', '领取记录', 'Receive records', hidden),
      r('seckillList', '/promotions/seckill-list', '限时抢购', 'Flash sales'),
      r('seckillAuditGoodsList', '/promotions/seckill-list/audit/:id', '待审核商品', 'Goods to audit', hidden),
      r('seckillPassGoodsList', '/promotions/seckill-list/pass/:id', '已通过商品', 'Approved goods', hidden),
      r('assembleList', '/promotions/assemble-list', '拼团活动', 'Group buying'),
      r('assembleDetail', '/promotions/assemble-detail/:promotion_id', '拼团详情', 'Group buying detail', hidden),
      r('liveVideo', '/promotions/live-video', '直播管理', 'Live video'),
      r('pointsMall', '/promotions/points-mall', '积分商城', 'Points mall', {
        children: [
          r('exchangeCategory', '/promotions/points-mall/exchange-category', '积分分类', 'Exchange categories'),
          r('exchangeGoods', '/promotions/points-mall/exchange-goods', '积分商品', 'Exchange goods'),
          r('exchangeOrders', '/promotions/points-mall/exchange-orders', '兑换订单', 'Exchange orders'),
        ],
      }),
      r('signIn', '/promotions/sign-in', '签到', 'Sign-in', {
        children: [
          r('signActivityList', '/promotions/sign-in/activity-list', '签到活动', 'Sign-in activities'),
          r('signActivity', '/promotions/sign-in/activity', '签到活动设置', 'Sign-in activity setup', hidden),
          r('signRecord', '/promotions/sign-in/record', '签到记录', 'Sign-in records'),
        ],
      }),
    ],
  }),
  r('sale', '/sale', '售前售后', 'Pre- & after-sales', {
    icon: 'CustomerServiceOutlined',
    children: [
      r('goodsAskList', '/sale/goods-ask-list', '商品咨询', 'Goods questions'),
      r('askDetail', '/sale/ask-detail/:askId', '咨询详情', 'Question detail', hidden),
      r('goodsCommentList', '/sale/goods-comment-list', '商品评论', 'Goods reviews'),
      r('serviceList', '/sale/service-list', '售后服务', 'After-sales services'),
      r('complaint', '/sale/complaint', '交易投诉', 'Complaints', {
        children: [
          r('complaintList', '/sale/complaint/complaint-list', '投诉列表', 'Complaint list'),
          r('complaintDetail', '/sale/complaint/complaint-detail/:id', '投诉详情', 'Complaint detail', hidden),
          r('subjectList', '/sale/complaint/subject-list', '投诉主题', 'Complaint subjects'),
        ],
      }),
      r('notificationHistory', '/sale/notification-history', '通知记录', 'Notification history'),
    ],
  }),
  r('finance', '/finance', '财务', 'Finance', {
    icon: 'AccountBookOutlined',
    children: [
      r('settlement', '/finance/settlement', '结算管理', 'Settlement'),
      r('collectionList', '/finance/collection-list', '收款单', 'Collections'),
      r('refundList', '/finance/refund-list', '退款单', 'Refunds'),
      r('serviceDetail', '/finance/service-detail/:service_sn', '售后详情', 'Service detail', hidden),
      r('settlementDetail', '/finance/detail/:id', '结算详情', 'Settlement detail', hidden),
      r('preDeposit', '/finance/preDeposit', '预存款', 'Pre-deposit'),
      r('earnestMoney', '/finance/earnest-money', '保证金', 'Earnest money', {
        children: [
          r('examineList', '/finance/earnest-money/examine-list', '保证金审核', 'Margin review'),
          r('commitRecord', '/finance/earnest-money/commit-record', '缴纳记录', 'Payment records'),
        ],
      }),
      r('receiptExamine', '/finance/receipt-examine', '发票审核', 'Invoice review'),
      r('receiptHistory', '/finance/receipt-history', '开票历史', 'Invoice history'),
      r('receiptDetail', '/finance/receipt-detail/:id', '发票详情', 'Invoice detail', hidden),
    ],
  }),
  r('distribution', '/distribution', '分销', 'Distribution', {
    icon: 'ShareAltOutlined',
    children: [
      r('distributorList', '/distribution/distributor-list', '分销商列表', 'Distributors'),
      r('distributorMessage', '/distribution/distributor-message', '分销设置', 'Distribution settings'),
      r('distributorOrder', '/distribution/distributor-order', '分销订单', 'Distribution orders'),
      r('brokerageDetail', '/distribution/brokerage-detail', '佣金明细', 'Commission detail'),
      r('distributorDetail', '/distribution/distributor-detail/:member_id', '分销商详情', 'Distributor detail', hidden),
      r('billList', '/distribution/bill-list', '业绩列表', 'Performance bills', hidden),
      r('billDetails', '/distribution/bill-details/:bill_id/:member_id', '业绩详情', 'Performance detail', hidden),
      r('putforwardApply', '/distribution/put-forward-apply', '提现申请', 'Withdrawal requests'),
    ],
  }),
  r('statistics', '/statistics', '统计', 'Statistics', {
    icon: 'BarChartOutlined',
    children: [
      r('memberAnalysis', '/statistics/member-analysis', '会员分析', 'Member analysis', {
        children: [
          r('orderAmount', '/statistics/member-analysis/order-amount', '下单金额', 'Order amount'),
          r('addedMember', '/statistics/member-analysis/added-member', '新增会员', 'New members'),
        ],
      }),
      r('goodsStatistics', '/statistics/goods-statistics', '商品统计', 'Goods statistics', {
        children: [
          r('priceSales', '/statistics/goods-statistics/price-sales', '价格销量', 'Price and sales'),
          r('hotGoods', '/statistics/goods-statistics/hot-goods', '热卖商品', 'Best sellers'),
          r('goodsSalesDetails', '/statistics/goods-statistics/goods-sales-details', '商品销售明细', 'Goods sales detail'),
          r('goodsCollect', '/statistics/goods-statistics/goods-collect', '商品收藏', 'Goods favourites'),
        ],
      }),
      r('industryAnalysis', '/statistics/industry-analysis', '行业分析', 'Industry analysis', {
        children: [
          r('industryScale', '/statistics/industry-analysis/industry-scale', '行业规模', 'Industry scale'),
          r('generalityOverview', '/statistics/industry-analysis/generality-overview', '概括总览', 'Overview'),
        ],
      }),
      r('trafficAnalysis', '/statistics/traffic-analysis', '流量分析', 'Traffic analysis', {
        children: [
          r('trafficAnalysisShop', '/statistics/traffic-analysis/shop', '店铺流量', 'Shop traffic'),
          r('trafficAnalysisGoods', '/statistics/traffic-analysis/goods', '商品流量', 'Goods traffic'),
        ],
      }),
      r('otherStatistics', '/statistics/other-statistics', '其他统计', 'Other statistics', {
        children: [
          r('orderStatistics', '/statistics/other-statistics/order', '订单统计', 'Orders'),
          r('salesRevenueStatistics', '/statistics/other-statistics/sales-revenue', '销售收入统计', 'Sales revenue'),
          r('customerPriceDistribution', '/statistics/other-statistics/customerPriceDistribution', '客单价分布', 'Order value distribution'),
          r('refundStatistics', '/statistics/other-statistics/refund', '退款统计', 'Refunds'),
          r('regionalAnalysis', '/statistics/other-statistics/regionalAnalysis', '区域分析', 'Regional analysis'),
        ],
      }),
    ],
  }),
  r('operations', '/operations', '运营', 'Operations', {
    icon: 'AppstoreOutlined',
    children: [
      r('decorationSetting', '/operations/decoration-setting', '装修设置', 'Decoration', {
        children: [
          r('pcPages', '/operations/decoration-setting/pc-pages', 'PC微页面', 'PC pages'),
          r('mobilePages', '/operations/decoration-setting/mobile-pages', '移动端微页面', 'Mobile pages'),
          r('pcSiteMenu', '/operations/decoration-setting/pc-site-menu', 'PC导航菜单', 'PC site menu'),
        ],
      }),
      r('maintain', '/operations/maintain', '站点维护', 'Site maintenance', {
        children: [
          r('goodsIndex', '/operations/maintain/goods-index', '商品索引', 'Goods index'),
          r('hotKeyword', '/operations/maintain/hot-keyword', '热门关键字', 'Hot keywords'),
          r('sensitiveWords', '/operations/maintain/sensitive-words', '敏感词', 'Sensitive words'),
          r('menuManage', '/operations/maintain/menu-manage', '菜单管理', 'Menus'),
          r('regionalManagement', '/operations/maintain/regional-management', '地区管理', 'Regions'),
          r('oauth2Client', '/operations/maintain/oauth2-client', 'OAuth2客户端', 'OAuth2 clients'),
        ],
      }),
      r('articleManage', '/operations/article-manage', '文章管理', 'Articles', {
        children: [
          r('articleList', '/operations/article-manage/article-list', '文章列表', 'Article list'),
          r('articleCategory', '/operations/article-manage/article-category', '文章分类', 'Article categories'),
          r('addArticle', '/operations/article-manage/add', '添加文章', 'Add article', hidden),
        ],
      }),
      r('searchSettings', '/operations/search-settings', '搜索设置', 'Search settings', {
        children: [
          r('searchKeyword', '/operations/search-settings/search-keyword', '搜索关键字', 'Search keywords'),
          r('searchHistory', '/operations/search-settings/search-history', '搜索历史', 'Search history'),
          r('searchTips', '/operations/search-settings/search-tips', '搜索提示词', 'Search tips'),
        ],
      }),
      r('backstageTask', '/operations/backstage-task', '后台任务', 'Background tasks', {
        children: [
          r('deriveRecord', '/operations/backstage-task/derive-record', '导出记录', 'Export records'),
          r('importRecord', '/operations/backstage-task/import-record', '导入记录', 'Import records'),
        ],
      }),
      r('authSettings', '/operations/auth-settings', '权限设置', 'Access control', {
        children: [
          r('administratorManage', '/operations/auth-settings/administrator-manage', '管理员管理', 'Administrators'),
          r('roleManage', '/operations/auth-settings/role-manage', '角色管理', 'Roles'),
          r('rolePermission', '/operations/auth-settings/role-permission/:id', '角色权限', 'Role permissions', hidden),
          r('systemLogs', '/operations/auth-settings/system-logs', '系统日志', 'System logs'),
        ],
      }),
    ],
  }),
  r('setting', '/setting', '设置', 'Settings', {
    icon: 'SettingOutlined',
    children: [
      r('systemParams', '/setting/system-params', '系统参数', 'System parameters', {
        children: [
          r('systemSettings', '/setting/system-params/system', '系统设置', 'System'),
          r('smtpSettings', '/setting/system-params/smtp', 'SMTP设置', 'SMTP'),
          r('smsGatewaySettings', '/setting/system-params/sms-gateway', '短信网关', 'SMS gateways'),
          r('expressPlatformSettings', '/setting/system-params/express-platform', '快递平台', 'Express platforms'),
          r('validatorPlatformSettings', '/setting/system-params/validator-platform', '验证平台', 'Validators'),
          r('electronicReceipt', '/setting/system-params/electronic-receipt', '电子面单', 'E-waybills'),
          r('storageSolution', '/setting/system-params/storage-solution', '存储方案', 'Storage'),
          r('clearingData', '/setting/system-params/clearing-data', '清除数据', 'Clear data'),
        ],
      }),
      r('paymentAndDelivery', '/setting/payment-and-delivery', '支付和配送', 'Payment & delivery', {
        children: [
          r('trustLogin', '/setting/payment-and-delivery/trust-login', '信任登录', 'Trusted login'),
          r('paymentSettings', '/setting/payment-and-delivery/payment', '支付方式', 'Payment methods'),
          r('paymentEdit', '/setting/payment-and-delivery/paymentEdit', '编辑支付方式', 'Edit payment method', hidden),
          r('thirdPlatformAppSettings', '/setting/payment-and-delivery/thirdPlatformAppSettings', '第三方应用设置', 'Third-party apps', hidden),
          r('expressSettings', '/setting/payment-and-delivery/express', '物流公司', 'Logistics companies'),
        ],
      }),
      r('messageSettings', '/setting/message-settings', '消息设置', 'Messages', {
        children: [
          r('textMessage', '/setting/message-settings/text-message', '短信设置', 'SMS'),
          r('addMessageSign', '/setting/message-settings/message-sign', '短信签名', 'SMS signature'),
          r('addMessageTemplate', '/setting/message-settings/add-message-template', '添加短信模板', 'Add SMS template'),
          r('addTemplateAudit', '/setting/message-settings/add-template-audit', '模板审核', 'Template audit'),
          r('sendMessage', '/setting/message-settings/send-message', '发送短信', 'Send SMS'),
          r('checkMessage', '/setting/message-settings/check-message', '查看短信', 'View SMS'),
          r('stationMessage', '/setting/message-settings/station-message', '站内消息', 'Site messages'),
          r('email', '/setting/message-settings/email', '邮件', 'Email'),
          r('wechatMessage', '/setting/message-settings/wechat', '微信消息', 'WeChat messages'),
          r('wechatTemplate', '/setting/message-settings/wechat/:notice_type', '微信模板', 'WeChat template', hidden),
        ],
      }),
      r('i18nSettings', '/setting/i18n', '国际化', 'Internationalisation', {
        children: [
          r('currency', '/setting/i18n/currency', '币种', 'Currency'),
          r('exchangeRate', '/setting/i18n/exchange-rate', '汇率', 'Exchange rate'),
          r('uiDict', '/setting/i18n/ui-dict', '界面词典', 'UI dictionary'),
          r('langCode', '/setting/i18n/lang-code', '语言管理', 'Languages'),
          r('dataDict', '/setting/i18n/data-dict', '数据词典', 'Data dictionary'),
          r('translationTask', '/setting/i18n/translation-task', '翻译任务', 'Translation tasks'),
          r('translationFailed', '/setting/i18n/translation-failed', '翻译失败记录', 'Failed translations'),
          r('translationPlatform', '/setting/i18n/translation-platform', '机器翻译平台', 'Translation platform'),
        ],
      }),
      r('findPassword', '/setting/find-password', '找回密码', 'Find password', hidden),
      r('systemSettingsVerification', '/setting/system-verification', '二次验证', 'Second-step verification'),
    ],
  }),
  r('chat', '/chat', '在线客服', 'Online customer service', hidden),
];

/** Every route name of the console: the permission names a server route or a page may use. */
export type RouteName = NonNullable<(typeof ROUTES)[number]['__names']>;

/** Menu titles that exist for areas whose routes come with later builds (spec §2). */
export const EXTRA_MENU_TITLES: Record<string, RouteTitle> = {
  invoiceHistory: { zh: '发票历史', en: 'Invoice history' },
};

export function walkRoutes(routes: readonly RouteDef[], visit: (route: RouteDef, parents: RouteDef[]) => void, parents: RouteDef[] = []): void {
  for (const route of routes) {
    visit(route, parents);
    if (route.children) walkRoutes(route.children, visit, [...parents, route]);
  }
}

export const ROUTE_BY_NAME: ReadonlyMap<string, RouteDef> = (() => {
  const map = new Map<string, RouteDef>();
  walkRoutes(ROUTES, (route) => {
    if (map.has(route.name)) throw new Error(`duplicate route name ${route.name}`);
    map.set(route.name, route);
  });
  return map;
})();

export const ALL_ROUTE_NAMES = [...ROUTE_BY_NAME.keys()] as readonly RouteName[];

export function isRouteName(name: string): name is RouteName {
  return ROUTE_BY_NAME.has(name);
}

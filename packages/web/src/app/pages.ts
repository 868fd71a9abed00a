import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

/**
 * Route name → page module. Only routes listed here are routable and shown in the menu; the
 * rest of the route table waits for its page (it still appears in the role-permission tree).
 */
const LOADERS: Readonly<Record<string, () => Promise<PageModule>>> = {
  dashboard: () => import('@/features/dashboard/DashboardPage'),
  goodsList: () => import('@/features/goods/GoodsListPage'),
  goodsAudit: () => import('@/features/goods/GoodsAuditPage'),
  shopList: () => import('@/features/shops/ShopListPage'),
  shopAudit: () => import('@/features/shops/ShopAuditPage'),
  shopEdit: () => import('@/features/shops/ShopEditPage'),
  shopAdd: () => import('@/features/shops/ShopAddPage'),
  examineList: () => import('@/features/finance/MarginAuditPage'),
  commitRecord: () => import('@/features/finance/MarginRecordPage'),
  settlement: () => import('@/features/finance/SettlementPage'),
  settlementDetail: () => import('@/features/finance/SettlementDetailPage'),
  preDeposit: () => import('@/features/finance/PreDepositPage'),
  receiptExamine: () => import('@/features/finance/ReceiptExaminePage'),
  receiptHistory: () => import('@/features/finance/ReceiptHistoryPage'),
  receiptDetail: () => import('@/features/finance/ReceiptDetailPage'),
  categoryList: () => import('@/features/goods/CategoryListPage'),
  categoryParams: () => import('@/features/goods/CategoryParamsPage'),
  brandList: () => import('@/features/goods/BrandListPage'),
  orderList: () => import('@/features/orders/OrderListPage'),
  orderStatistics: () => import('@/features/statistics/OrderStatisticsPage'),
  salesRevenueStatistics: () => import('@/features/statistics/SalesRevenuePage'),
  refundStatistics: () => import('@/features/statistics/RefundStatisticsPage'),
  addedMember: () => import('@/features/statistics/AddedMemberPage'),
  orderAmount: () => import('@/features/statistics/MemberOrderAmountPage'),
  hotGoods: () => import('@/features/statistics/HotGoodsPage'),
  orderDetail: () => import('@/features/orders/OrderDetailPage'),
  serviceList: () => import('@/features/aftersales/ServiceListPage'),
  serviceDetail: () => import('@/features/aftersales/ServiceDetailPage'),
  refundList: () => import('@/features/aftersales/RefundListPage'),
  collectionList: () => import('@/features/aftersales/CollectionListPage'),
  complaintList: () => import('@/features/sale/ComplaintListPage'),
  complaintDetail: () => import('@/features/sale/ComplaintDetailPage'),
  subjectList: () => import('@/features/sale/SubjectListPage'),
  goodsCommentList: () => import('@/features/sale/CommentListPage'),
  goodsAskList: () => import('@/features/sale/AskListPage'),
  askDetail: () => import('@/features/sale/AskDetailPage'),
  notificationHistory: () => import('@/features/sale/NotificationHistoryPage'),
  memberList: () => import('@/features/members/MemberListPage'),
  memberRecycle: () => import('@/features/members/MemberRecyclePage'),
  memberEdit: () => import('@/features/members/MemberEditPage'),
  memberTopUp: () => import('@/features/members/MemberTopUpPage'),
  memberLevel: () => import('@/features/members/MemberLevelPage'),
  memberLevelAdd: () => import('@/features/members/MemberLevelFormPage'),
  memberLevelEdit: () => import('@/features/members/MemberLevelFormPage'),
  administratorManage: () => import('@/features/admins/AdministratorManagePage'),
  roleManage: () => import('@/features/roles/RoleManagePage'),
  rolePermission: () => import('@/features/roles/RolePermissionPage'),
  systemLogs: () => import('@/features/system-logs/SystemLogsPage'),
  regionalManagement: () => import('@/features/regions/RegionalManagementPage'),
  oauth2Client: () => import('@/features/oauth2/OAuth2ClientPage'),
  deriveRecord: () => import('@/features/tasks/TaskRecordsPage').then((m) => ({ default: m.DeriveRecordPage })),
  importRecord: () => import('@/features/tasks/TaskRecordsPage').then((m) => ({ default: m.ImportRecordPage })),
  chat: () => import('@/features/chat/ChatPage'),
  pcPages: () => import('@/features/pages/MicroPagesPage').then((m) => ({ default: m.PcPagesPage })),
  mobilePages: () => import('@/features/pages/MicroPagesPage').then((m) => ({ default: m.MobilePagesPage })),
  systemSettingsVerification: () => import('@/features/verification/SystemVerificationPage'),
  systemSettings: () => import('@/features/settings/SystemSettingsPage'),
  smtpSettings: () => import('@/features/sysparams/SmtpPage'),
  clearingData: () => import('@/features/sysparams/ClearingDataPage'),
  smsGatewaySettings: () => import('@/features/sysparams/PluginPage').then((page) => ({ default: page.SmsGatewayPage })),
  expressPlatformSettings: () => import('@/features/sysparams/PluginPage').then((page) => ({ default: page.ExpressPlatformPage })),
  validatorPlatformSettings: () => import('@/features/sysparams/PluginPage').then((page) => ({ default: page.ValidatorPlatformPage })),
  electronicReceipt: () => import('@/features/sysparams/PluginPage').then((page) => ({ default: page.WaybillPlatformPage })),
  storageSolution: () => import('@/features/sysparams/PluginPage').then((page) => ({ default: page.StorageSolutionPage })),
  couponList: () => import('@/features/promotions/CouponListPage'),
  coupon: () => import('@/features/promotions/CouponFormPage'),
  couponUpdate: () => import('@/features/promotions/CouponFormPage'),
  receiveList: () => import('@/features/promotions/ReceiveListPage'),
  seckillList: () => import('@/features/promotions/SeckillListPage'),
  seckillAuditGoodsList: () => import('@/features/promotions/SeckillGoodsPage').then((m) => ({ default: m.SeckillAuditPage })),
  seckillPassGoodsList: () => import('@/features/promotions/SeckillGoodsPage').then((m) => ({ default: m.SeckillPassPage })),
  assembleList: () => import('@/features/promotions/AssembleListPage'),
  assembleDetail: () => import('@/features/promotions/AssembleDetailPage'),
  distributorList: () => import('@/features/distribution/DistributorListPage'),
  distributorDetail: () => import('@/features/distribution/DistributorDetailPage'),
  distributorMessage: () => import('@/features/distribution/DistributorMessagePage'),
  distributorOrder: () => import('@/features/distribution/DistributorOrderPage'),
  brokerageDetail: () => import('@/features/distribution/BrokerageDetailPage'),
  billList: () => import('@/features/distribution/BillListPage'),
  billDetails: () => import('@/features/distribution/BillDetailsPage'),
  putforwardApply: () => import('@/features/distribution/PutForwardApplyPage'),
  currency: () => import('@/features/currencies/CurrencyListPage'),
  exchangeRate: () => import('@/features/currencies/ExchangeRatePage'),
  expressSettings: () => import('@/features/express/ExpressPage'),
  paymentSettings: () => import('@/features/payment/PaymentListPage'),
  paymentEdit: () => import('@/features/payment/PaymentEditPage'),
  articleList: () => import('@/features/articles/ArticleListPage'),
  articleCategory: () => import('@/features/articles/ArticleCategoryPage'),
  addArticle: () => import('@/features/articles/ArticleEditPage'),
  hotKeyword: () => import('@/features/search/HotKeywordPage'),
  sensitiveWords: () => import('@/features/search/SensitiveWordsPage'),
  goodsIndex: () => import('@/features/search/GoodsIndexPage'),
  searchKeyword: () => import('@/features/search/SearchKeywordPage'),
  searchHistory: () => import('@/features/search/SearchHistoryPage'),
  searchTips: () => import('@/features/search/SearchTipsPage'),
};

export const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)]),
);

export const hasPage = (name: string): boolean => Object.hasOwn(LOADERS, name);

/**
 * Fetches the code of the given pages ahead of use, so opening one from the menu does not
 * wait on the network (and quick clicks through the menu each get their tab).
 */
export function preloadPages(names: Iterable<string>): void {
  for (const name of names) void LOADERS[name]?.().catch(() => undefined);
}

/**
 * The demo team: the roles of a typical platform team and one administrator in each. Kept free
 * of imports so the e2e permission matrix reads the same roles the server seeds.
 */
export const DEMO_PASSWORD = 'demo123';

/**
 * The verification password of the demo's second step (password verification is switched on with
 * it), so a fresh demo can export, save settings and change credentials. Published like the rest.
 */
export const DEMO_VERIFY_PASSWORD = DEMO_PASSWORD;

/**
 * Roles of a typical platform team; permissions are route names of the route table (a page's
 * name grants the page and its actions). Why each holds what it does: docs/roles.md.
 */
export const DEMO_ROLES = [
  {
    roleName: '运营',
    roleDescribe: '负责商品、店铺、会员、促销活动、站点内容与搜索，查看商品与流量统计',
    permissions: [
      'goods', 'goodsList', 'goodsAudit', 'goodsSetting', 'categoryList', 'categoryParams', 'brandList',
      'shop', 'shopList', 'shopAudit', 'shopEdit', 'shopAdd', 'shopThemes', 'shopContracts',
      'member', 'memberList', 'memberRecycle', 'memberEdit', 'memberLevel', 'memberLevelAdd', 'memberLevelEdit',
      'promotions', 'couponList', 'coupon', 'couponUpdate', 'receiveList', 'seckillList', 'seckillAuditGoodsList', 'seckillPassGoodsList', 'assembleList', 'assembleDetail',
      'liveVideo', 'pointsMall', 'exchangeCategory', 'exchangeGoods', 'exchangeOrders', 'signIn', 'signActivityList', 'signActivity', 'signRecord',
      'statistics', 'goodsStatistics', 'priceSales', 'hotGoods', 'goodsSalesDetails', 'goodsCollect', 'trafficAnalysis', 'trafficAnalysisShop', 'trafficAnalysisGoods',
      'operations', 'decorationSetting', 'pcPages', 'mobilePages', 'pcSiteMenu', 'maintain', 'hotKeyword', 'sensitiveWords',
      'articleManage', 'articleList', 'articleCategory', 'addArticle',
      'searchSettings', 'searchKeyword', 'searchHistory', 'searchTips',
      'backstageTask', 'deriveRecord', 'importRecord',
    ],
  },
  {
    roleName: '财务',
    roleDescribe: '负责结算、收退款、预存款、保证金、发票与提现，查看订单与统计报表',
    permissions: [
      'finance', 'settlement', 'settlementDetail', 'collectionList', 'refundList', 'serviceDetail', 'preDeposit',
      'earnestMoney', 'examineList', 'commitRecord', 'receiptExamine', 'receiptHistory', 'receiptDetail',
      'distribution', 'putforwardApply', 'brokerageDetail',
      'order', 'orderList', 'orderDetail',
      'statistics', 'memberAnalysis', 'orderAmount', 'addedMember', 'goodsStatistics', 'priceSales', 'hotGoods', 'goodsSalesDetails', 'goodsCollect',
      'industryAnalysis', 'industryScale', 'generalityOverview', 'trafficAnalysis', 'trafficAnalysisShop', 'trafficAnalysisGoods',
      'otherStatistics', 'orderStatistics', 'salesRevenueStatistics', 'customerPriceDistribution', 'refundStatistics', 'regionalAnalysis',
      'operations', 'backstageTask', 'deriveRecord',
    ],
  },
  {
    roleName: '客服',
    roleDescribe: '负责在线客服、订单与售后、投诉与咨询，可查会员与商品',
    permissions: [
      'chat',
      'order', 'orderList', 'orderDetail',
      'member', 'memberList',
      'goods', 'goodsList',
      'sale', 'goodsAskList', 'askDetail', 'goodsCommentList', 'serviceList', 'complaint', 'complaintList', 'complaintDetail', 'notificationHistory',
    ],
  },
] as const;

export const DEMO_ADMINS = [
  { username: 'yunying', realName: '李晓雯', department: '平台运营部', role: '运营' },
  { username: 'caiwu', realName: '王建国', department: '财务结算部', role: '财务' },
  { username: 'kefu', realName: '张敏', department: '客户服务中心', role: '客服' },
] as const;

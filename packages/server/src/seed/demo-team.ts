/**
 * The demo team: the roles of a typical platform team and one administrator in each. Kept free
 * of imports so the e2e permission matrix reads the same roles the server seeds.
 */
export const DEMO_PASSWORD = 'demo123';

/** Roles of a typical platform team; permissions are route names of the route table. */
export const DEMO_ROLES = [
  {
    roleName: '运营',
    roleDescribe: '负责商品、店铺、会员、促销与站点运营',
    permissions: [
      'goods', 'goodsList', 'goodsAudit', 'goodsSetting', 'categoryList', 'categoryParams', 'brandList',
      'shop', 'shopList', 'shopAudit', 'shopEdit', 'shopAdd',
      'member', 'memberList', 'memberRecycle', 'memberEdit', 'memberLevel', 'memberLevelAdd', 'memberLevelEdit',
      'promotions', 'couponList', 'coupon', 'couponUpdate', 'receiveList', 'seckillList', 'seckillAuditGoodsList', 'seckillPassGoodsList', 'assembleList', 'assembleDetail',
      'operations', 'decorationSetting', 'pcPages', 'mobilePages', 'pcSiteMenu', 'maintain', 'hotKeyword', 'sensitiveWords',
      'articleManage', 'articleList', 'articleCategory', 'addArticle',
      'authSettings', 'systemLogs',
    ],
  },
  {
    roleName: '财务',
    roleDescribe: '负责结算、收退款、预存款、保证金与发票',
    permissions: [
      'finance', 'settlement', 'settlementDetail', 'collectionList', 'refundList', 'serviceDetail', 'preDeposit',
      'earnestMoney', 'examineList', 'commitRecord', 'receiptExamine', 'receiptHistory', 'receiptDetail',
    ],
  },
  {
    roleName: '客服',
    roleDescribe: '负责订单、售后、投诉、咨询与在线客服',
    permissions: [
      'order', 'orderList', 'orderDetail',
      'sale', 'goodsAskList', 'askDetail', 'goodsCommentList', 'serviceList', 'complaint', 'complaintList', 'complaintDetail', 'subjectList', 'notificationHistory',
      'chat',
    ],
  },
] as const;

export const DEMO_ADMINS = [
  { username: 'yunying', realName: '李晓雯', department: '平台运营部', role: '运营' },
  { username: 'caiwu', realName: '王建国', department: '财务结算部', role: '财务' },
  { username: 'kefu', realName: '张敏', department: '客户服务中心', role: '客服' },
] as const;

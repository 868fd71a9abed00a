import type { AnyEndpoint } from './endpoint.js';
import { brandEndpoints, categoryEndpoints, goodsEndpoints } from './goods.js';
import { shopEndpoints } from './shops.js';
import { memberEndpoints } from './members.js';
import { regionEndpoints } from './regions.js';
import { systemLogEndpoints } from './system-logs.js';
import { mediaEndpoints } from './media.js';
import { uploadEndpoints } from './uploads.js';
import { pageEndpoints } from './pages.js';
import { sessionEndpoints } from './session.js';
import { adminEndpoints, roleEndpoints } from './admins.js';
import { verificationEndpoints } from './verification.js';
import { languageAdminEndpoints, languageEndpoints, uiDictEndpoints } from './languages.js';
import { dataDictEndpoints, translationTaskEndpoints } from './translation.js';
import { siteEndpoints } from './site.js';
import { startupEndpoints } from './startup.js';
import { settingsEndpoints } from './settings.js';
import { dashboardEndpoints } from './dashboard.js';
import { chatEndpoints } from './chat.js';
import { taskEndpoints } from './tasks.js';
import { couponEndpoints, seckillEndpoints } from './promotions.js';
import { distributionEndpoints } from './distribution.js';
import { pintuanEndpoints } from './pintuan.js';
import { orderEndpoints } from './orders.js';
import { afterSaleEndpoints } from './aftersales.js';
import { currencyEndpoints } from './currencies.js';
import { expressEndpoints } from './express.js';
import { paymentEndpoints, validatorEndpoints } from './payment.js';
import { askEndpoints, buyerComplaintEndpoints, commentEndpoints, complaintEndpoints, complaintTopicEndpoints, notificationEndpoints } from './sale.js';
import { financeEndpoints } from './finance.js';
import { smtpEndpoints } from './notice.js';
import { smsEndpoints } from './sms.js';
import { cleanDataEndpoints } from './clean-data.js';
import { expressPlatformEndpoints, smsPlatformEndpoints, storagePluginEndpoints, translationPlatformEndpoints, validatorPluginEndpoints, waybillEndpoints } from './plugins.js';
import { articleCategoryEndpoints, articleEndpoints } from './articles.js';
import { customWordEndpoints, goodsIndexEndpoints, hotKeywordEndpoints, searchHistoryEndpoints, searchTipEndpoints, sensitiveWordEndpoints } from './search.js';
import { oauth2Endpoints } from './oauth2.js';
import { industryEndpoints, pageViewEndpoints, regionReportEndpoints, priceBandEndpoints, rankingEndpoints, statisticsEndpoints } from './statistics.js';
import { navigationEndpoints } from './navigation.js';
import { menuEndpoints } from './menus.js';
import { connectEndpoints, thirdAppEndpoints } from './connect.js';
import { themeEndpoints } from './themes.js';
import { contractEndpoints } from './contracts.js';
import { liveEndpoints } from './live.js';
import { findPasswordEndpoints } from './find-password.js';
import { decorEndpoints } from './decor.js';
import { pointsMallEndpoints, signInEndpoints } from './points.js';
import { messageTemplateEndpoints, siteMessageEndpoints, wechatEndpoints } from './message-settings.js';

/** Every endpoint of the API, by area (the area names are the roots of the web's query keys). */
export const ENDPOINTS = {
  systemLogs: systemLogEndpoints,
  media: mediaEndpoints,
  uploads: uploadEndpoints,
  pages: pageEndpoints,
  session: sessionEndpoints,
  admins: adminEndpoints,
  roles: roleEndpoints,
  menus: menuEndpoints,
  connect: connectEndpoints,
  thirdApps: thirdAppEndpoints,
  themes: themeEndpoints,
  contracts: contractEndpoints,
  live: liveEndpoints,
  findPassword: findPasswordEndpoints,
  verification: verificationEndpoints,
  languages: languageEndpoints,
  uiDict: uiDictEndpoints,
  langCodes: languageAdminEndpoints,
  dataDict: dataDictEndpoints,
  translationTasks: translationTaskEndpoints,
  site: siteEndpoints,
  startup: startupEndpoints,
  settings: settingsEndpoints,
  dashboard: dashboardEndpoints,
  chat: chatEndpoints,
  goods: goodsEndpoints,
  goodsCategories: categoryEndpoints,
  brands: brandEndpoints,
  shops: shopEndpoints,
  tasks: taskEndpoints,
  members: memberEndpoints,
  regions: regionEndpoints,
  coupons: couponEndpoints,
  seckills: seckillEndpoints,
  distribution: distributionEndpoints,
  pintuans: pintuanEndpoints,
  orders: orderEndpoints,
  afterSales: afterSaleEndpoints,
  currencies: currencyEndpoints,
  express: expressEndpoints,
  payment: paymentEndpoints,
  validator: validatorEndpoints,
  complaints: complaintEndpoints,
  buyerComplaints: buyerComplaintEndpoints,
  complaintTopics: complaintTopicEndpoints,
  comments: commentEndpoints,
  asks: askEndpoints,
  notifications: notificationEndpoints,
  finance: financeEndpoints,
  statistics: statisticsEndpoints,
  smsPlatforms: smsPlatformEndpoints,
  expressPlatforms: expressPlatformEndpoints,
  waybills: waybillEndpoints,
  storagePlugins: storagePluginEndpoints,
  validatorPlugins: validatorPluginEndpoints,
  translationPlatforms: translationPlatformEndpoints,
  smtp: smtpEndpoints,
  sms: smsEndpoints,
  cleanData: cleanDataEndpoints,
  statisticsRankings: rankingEndpoints,
  statisticsBands: priceBandEndpoints,
  statisticsIndustry: industryEndpoints,
  statisticsRegions: regionReportEndpoints,
  articleCategories: articleCategoryEndpoints,
  articles: articleEndpoints,
  hotKeywords: hotKeywordEndpoints,
  customWords: customWordEndpoints,
  searchTips: searchTipEndpoints,
  searchHistory: searchHistoryEndpoints,
  sensitiveWords: sensitiveWordEndpoints,
  goodsIndex: goodsIndexEndpoints,
  oauth2Clients: oauth2Endpoints,
  pageViews: pageViewEndpoints,
  navigations: navigationEndpoints,
  decor: decorEndpoints,
  pointsMall: pointsMallEndpoints,
  signIn: signInEndpoints,
  messageTemplates: messageTemplateEndpoints,
  siteMessages: siteMessageEndpoints,
  wechatMessages: wechatEndpoints,
} as const;

export type Area = keyof typeof ENDPOINTS;

export const ALL_ENDPOINTS: readonly AnyEndpoint[] = Object.values(ENDPOINTS).flatMap((group) => Object.values(group) as AnyEndpoint[]);

/** The words the demo marketplace is made of. */

export interface LeafDef {
  name: string;
  /** what goods of this category are called, with typical price range in yuan */
  nouns: readonly string[];
  price: readonly [number, number];
  specs: readonly (readonly [string, readonly string[]])[];
}

export interface RootDef {
  name: string;
  color: string;
  brands: readonly string[];
  children: readonly { name: string; leaves: readonly LeafDef[] }[];
}

const COLOR = ['颜色', ['曜石黑', '云雾白', '远峰蓝', '松岭青', '晨曦金']] as const;
const SIZE = ['尺码', ['S', 'M', 'L', 'XL', 'XXL']] as const;
const SHOE = ['尺码', ['38', '39', '40', '41', '42', '43']] as const;
const WEIGHT = ['规格', ['250g', '500g', '1kg', '2.5kg']] as const;
const CAPACITY = ['容量', ['128GB', '256GB', '512GB', '1TB']] as const;
const PACK = ['规格', ['单件装', '两件装', '家庭装']] as const;

export const CATEGORY_TREE: readonly RootDef[] = [
  {
    name: '电子数码', color: '#2f6fde',
    brands: ['华为', '小米', '荣耀', 'OPPO', 'vivo', '联想', '大疆', '漫步者', '罗技', '索尼', '佳能', '绿联', '倍思', '科大讯飞', '飞利浦', '雷蛇', '海康威视', '一加', '真我', '魅族', '创维', '海信'],
    children: [
      { name: '手机通讯', leaves: [
        { name: '智能手机', nouns: ['5G智能手机', '折叠屏手机', '拍照手机', '游戏手机'], price: [999, 8999], specs: [COLOR, CAPACITY] },
        { name: '手机配件', nouns: ['快充充电器', '磁吸充电宝', '手机壳', '数据线'], price: [19, 299], specs: [COLOR] },
        { name: '对讲机', nouns: ['民用对讲机', '户外对讲机'], price: [99, 699], specs: [PACK] },
      ] },
      { name: '电脑办公', leaves: [
        { name: '笔记本电脑', nouns: ['轻薄笔记本', '游戏本', '商务笔记本'], price: [3299, 12999], specs: [COLOR, CAPACITY] },
        { name: '键盘鼠标', nouns: ['机械键盘', '无线鼠标', '键鼠套装'], price: [49, 899], specs: [COLOR] },
        { name: '打印设备', nouns: ['激光打印机', '喷墨一体机'], price: [599, 2999], specs: [PACK] },
      ] },
      { name: '影音娱乐', leaves: [
        { name: '耳机耳麦', nouns: ['真无线蓝牙耳机', '降噪头戴耳机', '运动耳机'], price: [99, 2499], specs: [COLOR] },
        { name: '数码相机', nouns: ['微单相机', '运动相机', '拍立得'], price: [699, 15999], specs: [COLOR] },
        { name: '智能音箱', nouns: ['智能音箱', '蓝牙音箱'], price: [99, 1299], specs: [COLOR] },
      ] },
    ],
  },
  {
    name: '服饰鞋包', color: '#d4380d',
    brands: ['李宁', '安踏', '波司登', '太平鸟', '海澜之家', '森马', '优衣库', '百丽', '回力', '七匹狼', '报喜鸟', '江南布衣', '雅戈尔', '鸿星尔克', '特步', '卡宾', '红蜻蜓', '奥康', '361度', '马克华菲'],
    children: [
      { name: '女装', leaves: [
        { name: '连衣裙', nouns: ['法式碎花连衣裙', '针织连衣裙', '衬衫裙'], price: [129, 899], specs: [COLOR, SIZE] },
        { name: '羽绒服', nouns: ['轻薄羽绒服', '长款羽绒服'], price: [399, 2599], specs: [COLOR, SIZE] },
        { name: '卫衣', nouns: ['连帽卫衣', '圆领卫衣'], price: [99, 459], specs: [COLOR, SIZE] },
      ] },
      { name: '男装', leaves: [
        { name: '夹克', nouns: ['商务夹克', '工装夹克'], price: [199, 1299], specs: [COLOR, SIZE] },
        { name: '衬衫', nouns: ['免烫衬衫', '牛津纺衬衫'], price: [99, 599], specs: [COLOR, SIZE] },
        { name: '休闲裤', nouns: ['直筒休闲裤', '弹力牛仔裤'], price: [129, 599], specs: [COLOR, SIZE] },
      ] },
      { name: '鞋靴箱包', leaves: [
        { name: '运动鞋', nouns: ['跑步鞋', '篮球鞋', '板鞋'], price: [199, 1499], specs: [COLOR, SHOE] },
        { name: '双肩包', nouns: ['通勤双肩包', '电脑双肩包'], price: [99, 899], specs: [COLOR] },
        { name: '拉杆箱', nouns: ['铝框拉杆箱', '登机箱'], price: [299, 1999], specs: [COLOR] },
      ] },
    ],
  },
  {
    name: '食品生鲜', color: '#389e0d',
    brands: ['三只松鼠', '良品铺子', '百草味', '伊利', '蒙牛', '金龙鱼', '五芳斋', '稻香村', '农夫山泉', '中粮', '西贝', '恒都', '盒马', '褚橙', '来伊份', '卫龙', '元气森林', '光明', '君乐宝', '竹叶青'],
    children: [
      { name: '休闲零食', leaves: [
        { name: '坚果炒货', nouns: ['每日坚果', '夏威夷果', '碧根果'], price: [29, 199], specs: [WEIGHT] },
        { name: '糕点饼干', nouns: ['苏式月饼', '蛋黄酥', '苏打饼干'], price: [19, 168], specs: [PACK] },
        { name: '肉干肉脯', nouns: ['牛肉干', '猪肉脯'], price: [29, 139], specs: [WEIGHT] },
      ] },
      { name: '生鲜果蔬', leaves: [
        { name: '新鲜水果', nouns: ['赣南脐橙', '阳光玫瑰葡萄', '烟台红富士'], price: [29, 199], specs: [WEIGHT] },
        { name: '肉禽蛋品', nouns: ['原切牛排', '散养土鸡蛋'], price: [39, 399], specs: [WEIGHT] },
        { name: '海鲜水产', nouns: ['大闸蟹礼盒', '冷冻虾仁'], price: [69, 699], specs: [PACK] },
      ] },
      { name: '粮油饮品', leaves: [
        { name: '米面粮油', nouns: ['东北大米', '压榨花生油'], price: [39, 199], specs: [WEIGHT] },
        { name: '牛奶乳品', nouns: ['纯牛奶', '低温酸奶'], price: [39, 129], specs: [PACK] },
        { name: '茶叶', nouns: ['西湖龙井', '云南普洱', '福鼎白茶'], price: [99, 999], specs: [WEIGHT] },
      ] },
    ],
  },
  {
    name: '家居家装', color: '#ad6800',
    brands: ['美的', '格力', '海尔', '苏泊尔', '九阳', '小熊', '全友', '顾家家居', '林氏家居', '水星家纺', '罗莱家纺', '欧普照明', '公牛', '乐扣乐扣', '方太', '老板', '源氏木语', '富安娜', '雷士照明', '网易严选'],
    children: [
      { name: '家用电器', leaves: [
        { name: '厨房电器', nouns: ['电饭煲', '破壁机', '空气炸锅'], price: [199, 1999], specs: [COLOR] },
        { name: '生活电器', nouns: ['吸尘器', '扫地机器人', '电风扇'], price: [199, 4999], specs: [COLOR] },
        { name: '空调冰箱', nouns: ['变频空调', '十字对开门冰箱'], price: [1999, 8999], specs: [PACK] },
      ] },
      { name: '家纺', leaves: [
        { name: '床品套件', nouns: ['全棉四件套', '天丝四件套'], price: [199, 1299], specs: [COLOR] },
        { name: '被子', nouns: ['蚕丝被', '羽绒被'], price: [299, 2599], specs: [PACK] },
        { name: '枕头', nouns: ['乳胶枕', '记忆棉枕'], price: [69, 499], specs: [PACK] },
      ] },
      { name: '家具灯饰', leaves: [
        { name: '沙发', nouns: ['布艺沙发', '真皮沙发'], price: [1999, 12999], specs: [COLOR] },
        { name: '吸顶灯', nouns: ['LED吸顶灯', '客厅吊灯'], price: [199, 1999], specs: [PACK] },
        { name: '收纳用品', nouns: ['收纳箱', '衣物收纳袋'], price: [19, 199], specs: [PACK] },
      ] },
    ],
  },
  {
    name: '美妆个护', color: '#c41d7f',
    brands: ['百雀羚', '珀莱雅', '自然堂', '花西子', '完美日记', '薇诺娜', '云南白药', '舒客', '飞科', '雅诗兰黛', '兰蔻', '欧莱雅', '相宜本草', '韩束', '佰草集', '润百颜', '滋源', '黑人'],
    children: [
      { name: '面部护肤', leaves: [
        { name: '精华', nouns: ['修护精华液', '抗初老精华'], price: [129, 1299], specs: [PACK] },
        { name: '面霜', nouns: ['保湿面霜', '舒缓修护霜'], price: [99, 999], specs: [PACK] },
        { name: '面膜', nouns: ['补水面膜', '清洁泥膜'], price: [49, 299], specs: [PACK] },
      ] },
      { name: '彩妆香水', leaves: [
        { name: '口红', nouns: ['雾面口红', '唇釉'], price: [79, 399], specs: [COLOR] },
        { name: '粉底', nouns: ['持妆粉底液', '气垫BB霜'], price: [99, 599], specs: [PACK] },
        { name: '香水', nouns: ['淡香水', '香氛礼盒'], price: [199, 1599], specs: [PACK] },
      ] },
      { name: '个人护理', leaves: [
        { name: '洗发护发', nouns: ['控油洗发水', '修护护发素'], price: [29, 199], specs: [PACK] },
        { name: '口腔护理', nouns: ['电动牙刷', '美白牙膏'], price: [19, 599], specs: [COLOR] },
        { name: '剃须脱毛', nouns: ['电动剃须刀', '理发器'], price: [99, 899], specs: [COLOR] },
      ] },
    ],
  },
  {
    name: '母婴玩具', color: '#d48806',
    brands: ['飞鹤', '贝因美', '好孩子', '帮宝适', '花王', '乐高', '费雪', '伊利金领冠', '巴拉巴拉', '英氏', '君乐宝优萃', 'babycare', '全棉时代', '贝亲', '可优比', '澳贝'],
    children: [
      { name: '奶粉辅食', leaves: [
        { name: '婴幼儿奶粉', nouns: ['婴幼儿配方奶粉'], price: [199, 499], specs: [PACK] },
        { name: '辅食营养', nouns: ['高铁米粉', '宝宝面条'], price: [29, 129], specs: [PACK] },
        { name: '尿裤湿巾', nouns: ['纸尿裤', '婴儿湿巾'], price: [39, 199], specs: [PACK] },
      ] },
      { name: '童装童鞋', leaves: [
        { name: '儿童外套', nouns: ['儿童羽绒服', '儿童冲锋衣'], price: [129, 699], specs: [COLOR, SIZE] },
        { name: '儿童鞋', nouns: ['学步鞋', '儿童运动鞋'], price: [99, 399], specs: [COLOR] },
        { name: '婴儿服', nouns: ['婴儿连体衣', '纯棉睡袋'], price: [59, 299], specs: [SIZE] },
      ] },
      { name: '玩具乐器', leaves: [
        { name: '积木拼插', nouns: ['拼插积木', '磁力片'], price: [59, 1299], specs: [PACK] },
        { name: '益智玩具', nouns: ['早教机', '拼图'], price: [39, 499], specs: [PACK] },
        { name: '童车', nouns: ['婴儿推车', '儿童滑板车'], price: [199, 2999], specs: [COLOR] },
      ] },
    ],
  },
  {
    name: '运动户外', color: '#08979c',
    brands: ['迪卡侬', '探路者', '骆驼', '凯乐石', '牧高笛', '李宁运动', '舒华', '小米生态', 'Keep', '捷安特', '美利达', '喜德盛', '北面', '哥伦比亚', '火枫', '匹克', '乔丹', '麦瑞克'],
    children: [
      { name: '户外装备', leaves: [
        { name: '帐篷', nouns: ['自动速开帐篷', '露营天幕'], price: [199, 2999], specs: [COLOR] },
        { name: '冲锋衣', nouns: ['三合一冲锋衣', '软壳外套'], price: [299, 2499], specs: [COLOR, SIZE] },
        { name: '登山鞋', nouns: ['防水登山鞋', '徒步鞋'], price: [299, 1299], specs: [SHOE] },
      ] },
      { name: '健身器材', leaves: [
        { name: '跑步机', nouns: ['家用跑步机', '走步机'], price: [1299, 6999], specs: [PACK] },
        { name: '哑铃', nouns: ['可调节哑铃', '壶铃'], price: [99, 999], specs: [WEIGHT] },
        { name: '瑜伽用品', nouns: ['瑜伽垫', '瑜伽服'], price: [49, 399], specs: [COLOR] },
      ] },
      { name: '骑行运动', leaves: [
        { name: '自行车', nouns: ['公路自行车', '山地自行车'], price: [999, 9999], specs: [COLOR] },
        { name: '骑行装备', nouns: ['骑行头盔', '骑行手套'], price: [59, 899], specs: [SIZE] },
        { name: '球类', nouns: ['篮球', '足球', '羽毛球拍'], price: [59, 899], specs: [PACK] },
      ] },
    ],
  },
  {
    name: '图书文娱', color: '#531dab',
    brands: ['中信出版社', '人民文学出版社', '商务印书馆', '晨光', '得力', '百乐', '施耐德', '卡西欧', '人民邮电出版社', '机械工业出版社', '译林出版社', '读客文化', '果麦文化', '国誉', '雅马哈', '珠江钢琴', '英雄', '真彩'],
    children: [
      { name: '图书', leaves: [
        { name: '文学小说', nouns: ['长篇小说', '散文集'], price: [29, 129], specs: [PACK] },
        { name: '经管励志', nouns: ['管理学经典', '个人成长'], price: [39, 99], specs: [PACK] },
        { name: '童书', nouns: ['绘本套装', '少儿百科'], price: [39, 299], specs: [PACK] },
      ] },
      { name: '文具', leaves: [
        { name: '书写工具', nouns: ['中性笔', '钢笔'], price: [9, 399], specs: [COLOR] },
        { name: '本册纸品', nouns: ['笔记本', '手账本'], price: [9, 99], specs: [PACK] },
        { name: '计算器', nouns: ['科学计算器'], price: [49, 299], specs: [COLOR] },
      ] },
      { name: '乐器', leaves: [
        { name: '吉他', nouns: ['民谣吉他', '尤克里里'], price: [299, 2999], specs: [COLOR] },
        { name: '电子琴', nouns: ['电钢琴', '电子琴'], price: [699, 5999], specs: [PACK] },
        { name: '乐器配件', nouns: ['调音器', '琴弦'], price: [19, 199], specs: [PACK] },
      ] },
    ],
  },
];

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢'.split('');
export const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国晓雯子涵浩然欣怡宇轩梓萱俊杰思远佳琪雨泽若曦'.match(/../g)!;
export const PINYIN = ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'lin', 'luo', 'gao', 'zheng'];

export const REGIONS: readonly (readonly [string, readonly string[]])[] = [
  ['北京市', ['朝阳区', '海淀区', '东城区', '丰台区']],
  ['上海市', ['浦东新区', '徐汇区', '静安区', '闵行区']],
  ['广东省', ['广州市 天河区', '深圳市 南山区', '东莞市 南城街道', '佛山市 顺德区']],
  ['浙江省', ['杭州市 西湖区', '宁波市 鄞州区', '温州市 鹿城区', '义乌市 稠城街道']],
  ['江苏省', ['南京市 鼓楼区', '苏州市 工业园区', '无锡市 滨湖区']],
  ['四川省', ['成都市 武侯区', '成都市 高新区', '绵阳市 涪城区']],
  ['湖北省', ['武汉市 洪山区', '武汉市 江汉区', '宜昌市 西陵区']],
  ['福建省', ['福州市 鼓楼区', '厦门市 思明区', '泉州市 丰泽区']],
  ['山东省', ['济南市 历下区', '青岛市 崂山区', '烟台市 芝罘区']],
  ['陕西省', ['西安市 雁塔区', '西安市 未央区']],
];

export const STREETS = ['人民路', '解放路', '建设大道', '中山路', '科技园路', '长江路', '和平街', '文化路', '滨江大道', '世纪大道'];
export const SHOP_WORDS = ['旗舰店', '专营店', '官方店', '优选店', '生活馆', '工厂店', '精品店', '专卖店'];
export const SHOP_PREFIX = ['鑫源', '佳品', '悦享', '优选', '诚信', '万家', '恒通', '乐购', '臻品', '好物', '锦程', '华联', '瑞丰', '星辰', '百汇', '云端', '东方', '青禾', '拾光', '匠心'];
export const LOGISTICS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '京东物流', '申通快递', '邮政EMS'];
export const BANKS = ['中国工商银行', '中国建设银行', '招商银行', '中国银行', '交通银行', '兴业银行'];
export const LEVELS = [
  { levelName: '普通会员', benefitRatio: 100, minPoint: 0, maxPoint: 1000, isDefault: 1, description: '注册即可成为普通会员' },
  { levelName: '白银会员', benefitRatio: 98, minPoint: 1000, maxPoint: 5000, isDefault: 0, description: '累计等级积分达到1000' },
  { levelName: '黄金会员', benefitRatio: 95, minPoint: 5000, maxPoint: 20000, isDefault: 0, description: '累计等级积分达到5000' },
  { levelName: '钻石会员', benefitRatio: 90, minPoint: 20000, maxPoint: null, isDefault: 0, description: '累计等级积分达到20000' },
] as const;

/** Parameters of the 主体 group that fit each first-level category (same order as CATEGORY_TREE). */
export const ROOT_PARAMS: readonly (readonly (readonly [string, readonly string[]])[])[] = [
  [['上市年份', ['2024年', '2025年', '2026年']], ['接口类型', ['Type-C', 'Lightning', 'USB-A', '无线连接']]],
  [['面料材质', ['纯棉', '聚酯纤维', '羊毛', '真皮', '尼龙']], ['适用季节', ['春季', '夏季', '秋季', '冬季', '四季通用']]],
  [['保质期', ['7天', '30天', '180天', '12个月', '18个月']], ['储存方式', ['常温', '冷藏', '冷冻']]],
  [['材质', ['实木', '不锈钢', '塑料', '棉麻', '玻璃']], ['能效等级', ['一级能效', '二级能效', '三级能效', '无']]],
  [['适用肤质', ['任何肤质', '干性', '油性', '混合性', '敏感性']], ['功效', ['补水', '美白', '控油', '修护', '抗皱']]],
  [['适用年龄', ['0-6个月', '6-12个月', '1-3岁', '3-6岁', '6岁以上']], ['安全标准', ['3C认证', 'GB 6675', 'EN71']]],
  [['适用场景', ['跑步', '登山', '骑行', '健身', '露营']], ['材质', ['铝合金', '碳纤维', '尼龙', '聚酯纤维']]],
  [['装帧', ['平装', '精装', '盒装']], ['适用人群', ['儿童', '学生', '成人', '通用']]],
];

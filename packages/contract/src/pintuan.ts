/**
 * Group buying (拼团, DOMAIN §2.18): events are created by shops; the platform views them and
 * opens or closes one only inside its window. Groups that can no longer form (the event closed or
 * ended) are failed and their orders wait for a refund.
 */
import { z } from 'zod';
import { idParam, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

const unixTime = z.coerce.number().int().min(0).optional();

export const PINTUAN_STATUSES = ['WAIT', 'UNDERWAY', 'END'] as const;
export type PintuanStatus = (typeof PINTUAN_STATUSES)[number];
/** what the operator may do now: open a closed event, close a running one, or nothing (outside the window) */
export type PintuanOption = 'CAN_OPEN' | 'CAN_CLOSE' | 'NOTHING';
export const PINTUAN_GROUP_STATUSES = ['FORMING', 'FORMED', 'FAILED'] as const;
export type PintuanGroupStatus = (typeof PINTUAN_GROUP_STATUSES)[number];

export const pintuanListQuery = listQuery(
  {
    name: z.string().trim().max(30).optional(),
    shop_name: z.string().trim().max(30).optional(),
    status: z.enum(PINTUAN_STATUSES).optional(),
    enable_mocker: z.coerce.number().int().min(0).max(1).optional(),
    /** the window overlaps [start_time, end_time] */
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type PintuanListQuery = z.output<typeof pintuanListQuery>;

export interface PintuanRow {
  promotion_id: number;
  promotion_name: string;
  promotion_title: string;
  shop_id: number;
  shop_name: string;
  start_time: number;
  end_time: number;
  /** members a group needs */
  required_num: number;
  /** hours a group has to form */
  limit_time: number;
  /** 1: the platform fills a group that is one short when its time runs out */
  enable_mocker: 0 | 1;
  status: PintuanStatus;
  option_status: PintuanOption;
  create_time: number;
}

export interface PintuanGoodsRow {
  id: number;
  goods_id: number;
  goods_name: string;
  /** yuan */
  origin_price: number;
  sales_price: number;
  sold_num: number;
}

export interface PintuanGroupRow {
  id: number;
  leader_name: string;
  required_num: number;
  joined_num: number;
  status: PintuanGroupStatus;
  /** 1: failed with paid orders waiting for their refund */
  refund_pending: 0 | 1;
  order_sns: string[];
  create_time: number;
}

export interface PintuanDetail extends PintuanRow {
  goods: PintuanGoodsRow[];
  groups: PintuanGroupRow[];
}

export const pintuanOperaParams = z.object({ id: idParam.shape.id, opera_type: z.enum(['open', 'close'], { message: '操作类型有误' }) });

export const pintuanEndpoints = defineEndpoints('pintuans', {
  list: endpoint({ method: 'GET', path: 'admin/promotion/pintuan', permission: 'assembleList', query: pintuanListQuery, response: returns<Page<PintuanRow>>() }),
  detail: endpoint({ method: 'GET', path: 'admin/promotion/pintuan/:id', permission: ['assembleList', 'assembleDetail'], params: idParam, response: returns<PintuanDetail>() }),
  openClose: endpoint({ method: 'PUT', path: 'admin/promotion/pintuan/:id/:opera_type/open-close', permission: ['assembleList', 'assembleDetail'], params: pintuanOperaParams }),
});

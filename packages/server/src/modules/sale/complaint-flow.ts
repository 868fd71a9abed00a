/**
 * The complaint state machine (DOMAIN §2.7): which action each state allows and where it leads.
 * Every transition asks this module (the operator's calls through `transitionComplaint`), and the
 * detail's `allowable` is computed from it. Javashop does not check the source state of the
 * platform's actions; we do, so a complaint closed by one operator cannot be arbitrated again.
 */
import { COMPLAINT_STATUS, type ComplaintAllowable, type ComplaintStatus } from '@agora/contract';
import { AppError } from '../../platform/errors.js';

export const COMPLAINT_ACTIONS = {
  /** the platform reviews a new complaint and hands it to the seller */
  TO_APPEAL: { zh: '交由商家申诉', en: 'handed to the seller' },
  /** the seller answers with content and pictures */
  APPEAL: { zh: '申诉', en: 'appealed' },
  /** the buyer or the seller asks the platform to decide */
  SUBMIT_ARBITRATION: { zh: '提交仲裁', en: 'submitted for arbitration' },
  /** a message of the platform in the conversation (the state stays) */
  COMMUNICATE: { zh: '对话', en: 'discussed' },
  /** the platform's decision ends the complaint */
  COMPLETE: { zh: '仲裁', en: 'arbitrated' },
  /** the buyer withdraws */
  CANCEL: { zh: '撤销', en: 'withdrawn' },
} as const;
export type ComplaintAction = keyof typeof COMPLAINT_ACTIONS;

const FLOW: Record<ComplaintStatus, Partial<Record<ComplaintAction, ComplaintStatus>>> = {
  NEW: { TO_APPEAL: 'WAIT_APPEAL', COMPLETE: 'COMPLETE', CANCEL: 'CANCEL' },
  WAIT_APPEAL: { APPEAL: 'COMMUNICATION', COMPLETE: 'COMPLETE', CANCEL: 'CANCEL' },
  COMMUNICATION: { COMMUNICATE: 'COMMUNICATION', SUBMIT_ARBITRATION: 'WAIT_ARBITRATION', COMPLETE: 'COMPLETE', CANCEL: 'CANCEL' },
  WAIT_ARBITRATION: { COMMUNICATE: 'WAIT_ARBITRATION', COMPLETE: 'COMPLETE', CANCEL: 'CANCEL' },
  COMPLETE: {},
  CANCEL: {},
};

export function nextComplaintStatus(status: string, action: ComplaintAction): ComplaintStatus | undefined {
  return FLOW[status as ComplaintStatus]?.[action];
}

/** 投诉{状态}状态不能进行{操作}操作, or where the action leads. */
export function assertComplaintAllowed(status: string, action: ComplaintAction): ComplaintStatus {
  const next = nextComplaintStatus(status, action);
  if (next) return next;
  const label = COMPLAINT_STATUS[status as ComplaintStatus] ?? { zh: status, en: status };
  const words = COMPLAINT_ACTIONS[action];
  throw new AppError(400, 'COMPLAINT_ACTION_REFUSED', { status: label.zh, action: words.zh, status_en: label.en.toLowerCase(), action_en: words.en });
}

export function complaintAllowable(status: string): ComplaintAllowable {
  return {
    allow_to_appeal: nextComplaintStatus(status, 'TO_APPEAL') !== undefined,
    allow_communicate: nextComplaintStatus(status, 'COMMUNICATE') !== undefined,
    allow_arbitrate: nextComplaintStatus(status, 'COMPLETE') !== undefined,
  };
}

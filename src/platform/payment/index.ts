/**
 * Typing seam: the builds resolve `index.weapp.ts` / `index.h5.ts` by Taro's file suffixes,
 * the component tests resolve `index.h5.ts`.
 */
import type { PaymentDeps, PaymentGateway } from './types'

export type { PayOutcome, PaymentDeps, PaymentGateway } from './types'
export declare function createPaymentGateway(deps: PaymentDeps): PaymentGateway

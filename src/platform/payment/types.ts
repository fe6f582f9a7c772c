import type { PayConfig } from '../../../types/purchase'

/** What the platform says about a payment; the server's order state decides whether it is paid. */
export type PayOutcome = 'ok' | 'cancel' | 'fail'

/** Invokes WeChat pay with the order call's parameters (docs/ARCHITECTURE.md "Platform"). */
export interface PaymentGateway {
  pay(config: PayConfig): Promise<PayOutcome>
}

/** What a gateway may need from the app: the development sandbox call. */
export interface PaymentDeps {
  sandboxPay(orderNO: string): Promise<void>
}

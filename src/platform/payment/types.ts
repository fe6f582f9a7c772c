import type { PayConfig } from '../../../types/purchase'

/** What the platform says about a payment; the server's order state decides whether it is paid. */
export type PayOutcome = 'ok' | 'cancel' | 'fail'

/** Invokes WeChat pay with the order call's parameters (docs/ARCHITECTURE.md "Platform"). */
export interface PaymentGateway {
  pay(config: PayConfig): Promise<PayOutcome>
  /**
   * Whether WeChat forbids selling here: virtual goods cannot be sold through WeChat Pay in the
   * mini-program on iOS, which shows WeChat's wording instead of a buy button. The server refuses
   * such orders too; this only spares the buyer a button that cannot work.
   */
  restricted(): boolean
  /** What the order call names as its platform (`weapp-ios`, `weapp-android`…); H5 names none. */
  orderPlatform(): string | undefined
}

/** What a gateway may need from the app: the development sandbox call. */
export interface PaymentDeps {
  sandboxPay(orderNO: string): Promise<void>
}

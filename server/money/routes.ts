/**
 * The money area's calls (types/money.ts `moneyCalls`, spec 001 §7): bought and selling lists,
 * income and share income, the summary, withdrawals and the bank card. Every call is answered
 * for the user the session headers prove and nobody else: no call names a user, and a clearing
 * number of another user's withdrawal is answered as unknown. rules.ts decides; data.ts queries.
 * The card number is answered to its owner only and nothing here logs a body.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { ResponseCode } from '../../types/api'
import type { BankCard, BoughtItem, RecashRecord, SalesIncomeRecord, SellingLesson, SellingLive } from '../../types/money'
import { NOTHING_TO_WITHDRAW_CODE, moneyCalls, moneyDevCalls } from '../../types/money'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle, page, pageSize } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'
import { BANK_CARD_RULES } from '../../src/domain/validation'
import { randomToken } from '../core/wechat'
import type { Window } from './data'
import { MoneyRepository } from './data'
import { demoPayout } from './payout'
import { PayoutRepository } from './payoutData'
import { normalisePhone } from '../login/rules'
import { sendSmsCode } from '../login/smsCalls'
import { consumeSmsCode } from '../login/sms'
import type { EsignState } from '../../types/money'
import type { ClearingRow } from './data'
import {
  cardToSave,
  incomeSummary,
  maskedCard,
  platformFee,
  retryRefusal,
  withdrawRefusal,
} from './rules'

const paging = { page, pageSize: pageSize() } as const
/** text with at least one visible character */
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const

const windowOf = (body: { page: number; pageSize: number }): Window => ({
  offset: (body.page - 1) * body.pageSize,
  limit: body.pageSize,
})

export const moneyRoutes: FastifyPluginAsync<AppContext> = async (app, { db, repos: { money, accounts, smsCodes }, identity, dev, smsSender }) => {
  const payouts = new PayoutRepository(db)
  acceptFormBodiesOnly(app)

  /** The session's user; no live session answers 601 (the app then goes to /profile). */
  const me = async (request: FastifyRequest): Promise<string> => (await identity.requireViewer(request, Date.now())).wmid

  /** The records of `wmid`'s clearings, each saying whether applyAgain would take it now. */
  const records = async (wmid: string, rows: ClearingRow[]) => {
    const card = await money.card(wmid)
    return rows.map((row) => MoneyRepository.record(row, row.status === 2 && row.held > 0 && retryRefusal(row, card) === null))
  }

  contractRoute(
    app,
    moneyCalls.bought,
    { fields: { ...paging, orderType: { type: 'integer', enum: [1, 2] } } },
    async (request) => {
      const origin = publicOrigin(request)
      const rows = await money.bought(await me(request), request.body.orderType, windowOf(request.body))
      const array = rows.map(
        (row): BoughtItem => ({
          orderNO: row.orderNO,
          orderType: row.orderType,
          orderStatus: row.orderStatus,
          courseData: row.courseData,
          shareUrl: absoluteUrl(origin, row.shareUrl),
          courseName: row.orderType === 1 ? row.name : '',
          title: row.orderType === 2 ? row.name : '',
          totalFee: row.totalFee,
        }),
      )
      return ok({ array })
    },
  )

  contractRoute(app, moneyCalls.salesLessons, { fields: paging }, async (request) => {
    const origin = publicOrigin(request)
    const array = (await money.selling(await me(request), 1, windowOf(request.body))).map(
      (row): SellingLesson => ({
        courseData: row.courseData,
        courseName: row.name,
        fee: row.fee,
        salesCount: row.salesCount,
        shareUrl: absoluteUrl(origin, row.shareUrl),
        shareRecash: row.shareRecash,
      }),
    )
    return ok({ array })
  })

  contractRoute(app, moneyCalls.salesLives, { fields: paging }, async (request) => {
    const origin = publicOrigin(request)
    const array = (await money.selling(await me(request), 2, windowOf(request.body))).map(
      (row): SellingLive => ({
        courseData: row.courseData,
        title: row.name,
        liveF: row.fee,
        salesCount: row.salesCount,
        shareUrl: absoluteUrl(origin, row.shareUrl),
        shareRecash: row.shareRecash,
      }),
    )
    return ok({ array })
  })

  contractRoute(app, moneyCalls.income, { fields: paging }, async (request) => {
    const origin = publicOrigin(request)
    const array = (await money.income(await me(request), 1, windowOf(request.body))).map(
      (row): SalesIncomeRecord => ({
        orderNO: row.orderNO,
        buyerFaceIcon: absoluteUrl(origin, row.buyerFaceIcon),
        buyerNickname: row.buyerNickname,
        totalFee: row.amount,
        orderType: row.orderType,
        courseName: row.itemName,
        orderStatus: row.refunded === 1 ? 4 : 1,
        payTime: row.paidAt,
      }),
    )
    return ok({ array })
  })

  contractRoute(app, moneyCalls.recash, { fields: paging }, async (request) => {
    const origin = publicOrigin(request)
    const array = (await money.income(await me(request), 2, windowOf(request.body))).map(
      (row): RecashRecord => ({
        id: row.entryKey,
        faceIcon: absoluteUrl(origin, row.buyerFaceIcon),
        nickname: row.buyerNickname,
        recashFee: row.amount,
        courseName: row.itemName,
        createTime: row.paidAt,
      }),
    )
    return ok({ array })
  })

  contractRoute(app, moneyCalls.summary, { fields: {} }, async (request) => {
    const wmid = await me(request)
    return ok({ object: incomeSummary(await money.balances(wmid, Date.now()), await money.card(wmid)) })
  })

  contractRoute(app, moneyCalls.apply, { fields: { loginData: handle } }, async (request) => {
    const now = Date.now()
    const wmid = await me(request)
    const owner = await accounts.userByLogin(request.body.loginData, now)
    if (!owner) throw ApiRefusal.say(ResponseCode.SessionExpired, 'loginExpired')
    if (owner.wmid !== wmid) throw ApiRefusal.say(ResponseCode.Forbidden, 'otherUsersLogin')
    const clearing = await money.withdrawAll(wmid, now, `CL${now}${randomToken(6)}`, platformFee, withdrawRefusal)
    if (typeof clearing === 'string') throw ApiRefusal.say(ResponseCode.BadRequest, clearing)
    if (!clearing) throw ApiRefusal.say(NOTHING_TO_WITHDRAW_CODE, 'nothingToWithdraw')
    return ok({ object: MoneyRepository.record(clearing, false) })
  })

  contractRoute(
    app,
    moneyCalls.applyAgain,
    { fields: { clearingNO: { type: 'string', minLength: 1, maxLength: 40 } } },
    async (request) => {
      const wmid = await me(request)
      const found = await money.clearing(request.body.clearingNO)
      // another user's withdrawal is answered exactly like one that does not exist
      if (!found || found.wmid !== wmid) throw ApiRefusal.say(ResponseCode.NotFound, 'withdrawalMissing')
      const result = await money.retry(found.clearingNO, platformFee, retryRefusal)
      if (result === 'nothingLeft') throw ApiRefusal.say(NOTHING_TO_WITHDRAW_CODE, 'retryNothingLeft')
      if (result === 'noCard') throw ApiRefusal.say(ResponseCode.BadRequest, 'noCardBound')
      if (typeof result === 'string') throw ApiRefusal.say(ResponseCode.BadRequest, result)
      return ok({ object: MoneyRepository.record(result, false) })
    },
  )

  contractRoute(app, moneyCalls.clearings, { fields: paging }, async (request) => {
    const wmid = await me(request)
    return ok({ array: await records(wmid, await money.clearings(wmid, windowOf(request.body))) })
  })

  contractRoute(app, moneyCalls.bankCard, { fields: {} }, async (request) => {
    const card = await money.card(await me(request))
    if (!card) throw ApiRefusal.say(ResponseCode.NotFound, 'noCardBound')
    const { realName, idCardNo, bankNo, phone, bankName } = card
    return ok({ object: maskedCard({ realName, idCardNo, bankNo, phone, bankName }) })
  })

  contractRoute(
    app,
    moneyCalls.saveBankCard,
    {
      fields: {
        // the app's form checks the same rules first (src/domain/validation.ts): each number typed
        // in full, or as the info call masked it (keep the stored one)
        realName: text(BANK_CARD_RULES.realName.maxLength),
        idCardNo: { type: 'string', ...BANK_CARD_RULES.idCardNo },
        bankNo: { type: 'string', ...BANK_CARD_RULES.bankNo },
        phone: { type: 'string', ...BANK_CARD_RULES.phone },
        bankName: text(BANK_CARD_RULES.bankName.maxLength),
      },
    },
    async (request) => {
      const { realName, idCardNo, bankNo, phone, bankName } = request.body
      const sent: BankCard = { realName: realName.trim(), idCardNo, bankNo, phone, bankName: bankName.trim() }
      const saved = await money.saveCard(await me(request), (stored) => cardToSave(sent, stored), Date.now())
      if (saved === 'changed') throw ApiRefusal.say(ResponseCode.BadRequest, 'cardChangedElsewhere')
      return ok({ object: maskedCard(saved) })
    },
  )

  contractRoute(app, moneyCalls.unbindBankCard, { fields: {} }, async (request) => {
    if (!(await money.unbindCard(await me(request)))) throw ApiRefusal.say(ResponseCode.NotFound, 'noCardBound')
    return ok(null)
  })

  /**
   * The e-signature (spec 001 §9): the SMS goes to the phone reserved on the bound card, the one
   * the bank and the signing provider know (mainland numbers; the card form takes no country code).
   */
  const cardPhone = async (wmid: string) => {
    const card = await money.card(wmid)
    if (!card) throw ApiRefusal.say(ResponseCode.BadRequest, 'esignNeedsCard')
    const number = normalisePhone(card.phone, '86')
    if (!number) throw ApiRefusal.say(ResponseCode.BadRequest, 'esignPhoneInvalid')
    return { card, number }
  }
  const esignState = async (wmid: string): Promise<EsignState> => {
    const [signedAt, card] = await Promise.all([payouts.signedAt(wmid), money.card(wmid)])
    return { signed: signedAt === null ? 0 : 1, phone: card ? maskedCard(card).phone : '', signedAt: signedAt ?? 0 }
  }

  contractRoute(app, moneyCalls.esign, { fields: {} }, async (request) => ok({ object: await esignState(await me(request)) }))

  contractRoute(app, moneyCalls.esignSendSms, { fields: {} }, async (request) => {
    const wmid = await me(request)
    if ((await payouts.signedAt(wmid)) !== null) throw ApiRefusal.say(ResponseCode.BadRequest, 'esignAlreadySigned')
    await sendSmsCode(smsCodes, smsSender, (await cardPhone(wmid)).number, request.ip)
    return ok(null)
  })

  contractRoute(app, moneyCalls.esignConfirm, { fields: { vcode: { type: 'string', maxLength: 12 } } }, async (request) => {
    const now = Date.now()
    const wmid = await me(request)
    if ((await payouts.signedAt(wmid)) === null) {
      const { card, number } = await cardPhone(wmid)
      const vcode = (request.body.vcode ?? '').trim()
      if (vcode === '') throw ApiRefusal.say(ResponseCode.BadRequest, 'smsCodeEmpty')
      // the code is used up and the agreement signed in one transaction: the same code twice at once signs once, and both are told signed
      if (!(await payouts.signWithCode(wmid, card.phone, (tx) => consumeSmsCode(tx, number.phone, number.interCode, vcode, now), now))) {
        throw ApiRefusal.say(ResponseCode.BadRequest, 'smsCodeWrong')
      }
    }
    return ok({ object: await esignState(wmid) })
  })

  if (dev) {
    const seller = { type: 'string', maxLength: 64 } as const
    contractRoute(app, moneyDevCalls.payout, { fields: { rejectCardOf: seller, failOf: seller } }, async (request) =>
      ok({ object: await demoPayout(db, Date.now(), { rejectCardOf: request.body.rejectCardOf, failOf: request.body.failOf }) }),
    )
  }
}

/**
 * @jest-environment jsdom
 */
import type { FastifyInstance } from 'fastify'
import { routeByName, toPageUrl } from '../../src/domain/routes'
import { moneyCalls } from '../../types/money'
import { loadPage, optionsOf, type FakeWx, type LoadedPage } from './harness'
import { all, matching, tap, type SimNode } from './taroTree'

/**
 * Issue 30 item 8 in the compiled mini-program (dist/weapp): /withdrawAction against the real
 * server's seed, where wm_teacher's withdrawal CLSEED03 failed on the card's details. The record
 * keeps its money and reads 未打款, not 到账; it offers the card form until the card is saved, then
 * 点击重试, which resubmits it. Only `wx` (storage, navigation, the request transport) is faked.
 */

const TEACHER = { token: 'token-teacher', userid: 'wm_teacher', loginData: 'login-teacher', nickname: '林老师' }

/** The teacher's session in wx storage; `cardSaved`: the seller saved the card after the failure. */
function asTeacher(cardSaved: boolean) {
  return async (wx: FakeWx, server: FastifyInstance) => {
    const stored = new Map<string, string>([
      ['session', JSON.stringify({ token: TEACHER.token, userid: TEACHER.userid, encryptKey: '' })],
      ['loginData', JSON.stringify({ loginData: TEACHER.loginData, isWeMaiUser: 1, token: TEACHER.token, userid: TEACHER.userid, nickname: TEACHER.nickname })],
    ])
    const get = wx.getStorageSync as (key: string) => unknown
    wx.getStorageSync = (key: string) => stored.get(key) ?? get(key)
    if (!cardSaved) return
    const saved = await server.inject({
      method: 'POST',
      url: moneyCalls.saveBankCard.path,
      payload: new URLSearchParams({ realName: '林晓', idCardNo: '**************1234', bankNo: '6222020000004321', phone: '138****0001', bankName: '招商银行' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', userid: TEACHER.userid, token: TEACHER.token },
    })
    expect(saved.json()).toMatchObject({ code: 200 })
  }
}

describe('retrying a failed withdrawal in the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  const open = async (cardSaved: boolean) => {
    page = await loadPage(routeByName('WithdrawAction').page, {}, asTeacher(cardSaved))
    return page
  }
  const failedRecord = (p: LoadedPage): SimNode => {
    const found = all(p, '.money-record').find((node) => node.dom?.textContent?.includes('CLSEED03'))
    if (!found) throw new Error('no record CLSEED03')
    return found
  }

  it('before the card is fixed: the reason and the way to the card form, no retry, and never 到账', async () => {
    const p = await open(false)
    // the file's first page loads the app bundle cold: allow for a busy machine
    await p.waitFor(() => matching(p, '.money-record').length === 3, 20000)
    const failed = failedRecord(p)
    const text = failed.dom?.textContent ?? ''
    expect(text).toContain('失败原因：银行卡信息有误')
    expect(text).toContain('未打款 ¥29.61')
    expect(text).not.toContain('到账')
    expect(text).not.toContain('点击重试')
    // the seed's one failed record holds the page's one button of its kind
    await tap(all(p, '.money-record__retry--fix')[0])
    await p.waitFor(() => p.wx.navigateTo.mock.calls.length > 0)
    expect(optionsOf(p.wx.navigateTo)[0]).toMatchObject({ url: toPageUrl('WithdrawBindCardEdit', { cardInfo: 1 }) })
  })

  it('once the card was saved: 点击重试 resubmits it once and the record waits for the payout', async () => {
    const p = await open(true)
    await p.waitFor(() => matching(p, '.money-record').length === 3, 20000)
    await p.waitFor(() => (failedRecord(p).dom?.textContent ?? '').includes('点击重试'))
    await tap(all(p, '.money-record__retry')[0])
    await p.waitFor(() => p.text().includes('已重新提交'))
    const retries = optionsOf(p.wx.request).filter((o) => String((o as { url?: string }).url).includes(moneyCalls.applyAgain.path))
    expect(retries).toHaveLength(1)
    await p.waitFor(() => (failedRecord(p).dom?.textContent ?? '').includes('等待打款'))
    expect(failedRecord(p).dom?.textContent).not.toContain('点击重试')
    const held = await p.server.db.one<{ status: number; money: number }>("SELECT status, order_money AS money FROM clearings WHERE clearing_no = 'CLSEED03'")
    expect(held).toEqual({ status: 0, money: 2990 })
  })
})

/**
 * The VIP campaign's rules (spec 000 §2 VIP exchange, §9) as the operator sets them: its days every
 * year (China time) and its quota table, read by the VIP pages' calls (server/vip) in place of the
 * spec's, which are the default. A campaign belongs to the deployment, not to an author, so it is
 * the operator's: `npm run lesson -- vip-campaign <file.json>` (lessonCommand.ts). The JSON:
 *
 *   { "start": "04-02", "end": "04-30",
 *     "table": [{ "members": 50, "comparison": "over", "quota": 1 }, …, { "members": 2000, "comparison": "atLeast", "quota": 50 }] }
 *
 * Exchanges made before keep their quota.
 */
import { readVipCampaignRules, vipCampaignJson } from '../../src/domain/vip'
import type { VipCampaignProblem } from '../../src/domain/vip'
import type { Db } from '../core/sql'
import { ExportError, said } from './format'
import type { Said } from './format'

/** What is wrong, in the catalogue's words. */
function why(problem: VipCampaignProblem): Said {
  switch (problem.problem) {
    case 'notObject':
      return said('contentNotObject')
    case 'day':
      return said('contentCampaignDay', { example: problem.example })
    case 'order':
      return said('contentCampaignOrder')
    case 'rows':
      return said('contentCampaignRows', { max: problem.max })
    case 'row':
      return said('contentCampaignRow')
    case 'range':
      return said('contentWholeRange', { min: problem.min, max: problem.max })
    case 'comparison':
      return said('contentCampaignComparison')
    case 'rising':
      return said('contentCampaignRising')
  }
}

/** Reads and stores the rules; an ExportError naming the field, with nothing changed, when they cannot be read. */
export async function putVipCampaign(db: Db, value: unknown, now: number): Promise<{ start: string; end: string; rows: number }> {
  const rules = readVipCampaignRules(value)
  if (!('table' in rules)) throw new ExportError({ at: said('contentAtVipCampaign'), field: rules.field }, why(rules))
  const json = vipCampaignJson(rules)
  await db.run('UPDATE vip_campaign SET rules = ?, updated_at = ? WHERE id = 1', [JSON.stringify(json), now])
  return { start: json.start, end: json.end, rows: json.table.length }
}

/** 15 April of the current year, noon China time: a day inside the campaign, for the demo. */
export function chinaCampaignDay(): number {
  return Date.UTC(new Date().getUTCFullYear(), 3, 15, 12 - 8)
}

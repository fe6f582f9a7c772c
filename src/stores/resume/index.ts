export { ResumeSync, RESUME_STAMP_PREFIX } from './ResumeSync'
export type { RemoteOffer, ResumePlayer, ResumeSyncDeps } from './ResumeSync'

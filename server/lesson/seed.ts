/**
 * The lesson area's demo data (core/seed.ts runs it after the login area's users): the same ids
 * on every run, so the README, the launcher page and the tests can name them. Every lesson is by
 * wm_teacher; wm_teacher and wm_assistant send the messages.
 *
 * Lessons (lesson id, courseData / legacy data: what it is)
 *   1 demo-open / legacy-open: open; 65 messages over 2024-03-09 and 03-10 (morning and
 *     afternoon), 62 text (a few long, one is `<img src=x onerror=alert(1)>`) and 3 images
 *   2 demo-password / legacy-password: password 8888; 15 messages, 1 image
 *   3 demo-paid / legacy-paid: fee 990 fen, free preview of the first 5 messages, share reward
 *     100 fen; 25 messages, images at positions 3 (in the preview) and 14 (beyond it)
 *   4 paid-bought / legacy-paid-bought: fee 1990 fen, no preview, bought by wm_buyer (the
 *     purchase area's seed); 10 messages, 1 image
 *   5 demo-illegal / legacy-illegal: illegal; 5 messages that must never be served
 *   6 demo-apply / legacy-apply: open, applyType 0 (the in-app browser offers the apply button);
 *     5 messages
 *   7 demo-viewlimit / legacy-viewlimit: open, over its view limit of 100 (info and lists answer
 *     code 8 to everyone but the author); 4 messages
 *   8 demo-all-types (seedAllTypes.ts), 9 demo-legacy-forms (seedLegacyForms.ts)
 *   No live-type item: lives have no table here yet (a live order is refused as not existing).
 *
 * Message ids (`id`) count from 1 in the order above; `msgId` is `<courseData>-<nnn>`.
 * Media paths (/media/…) are stored relative and answered as absolute URLs.
 */
import { chinaTime } from '../core/seedTime'
import type { Queryable } from '../core/sql'
import { insertMessages } from './data'
import type { NewMessage } from './data'
import { seedAllTypes } from './seedAllTypes'
import { seedLegacyForms } from './seedLegacyForms'

type Sender = 'wm_teacher' | 'wm_assistant'
interface Picture {
  picture: 'slide-1' | 'slide-2' | 'slide-3'
}
type Line = readonly [sender: Sender, body: string | Picture]
interface Block {
  /** epoch ms of the block's first message */
  at: number
  lines: readonly Line[]
}

interface SeedLesson {
  courseData: string
  legacyData: string
  courseName: string
  coursePic: string
  privacyStatus: 1 | 2 | 3
  coursePass?: string
  fee?: number
  freeCount?: number
  shareRecash?: number
  illegal?: 1
  viewLimit?: number
  viewCount?: number
  blocks: readonly Block[]
}

const T: Sender = 'wm_teacher'
const A: Sender = 'wm_assistant'

const SLIDE = { width: 480, height: 320 }

const OPEN_LESSON: readonly Block[] = [
  {
    at: chinaTime(9, 9, 0),
    lines: [
      [T, '大家早上好！欢迎来到《英语口语：地道的日常寒暄》。接下来两天，我们把最常用的寒暄说得自然一点。'],
      [T, '先问大家一个问题：在电梯里遇到外国同事，你第一句会说什么？'],
      [T, '很多同学会脱口而出 "How are you?"，对方回答 "I\'m fine, thank you, and you?"——没有错，但听起来像课本。'],
      [A, '老师好！我每次都是这么说的😂'],
      [A, '那地道的说法是什么呢？'],
      [T, '母语者更常说 "How\'s it going?" 或者 "How are you doing?"。回答也很随意："Pretty good!" "Not bad, you?" "Can\'t complain."'],
      [T, '注意：寒暄不是真的在问你身体怎么样，而是一种打招呼的方式。所以回答要短，然后马上把问题抛回给对方。'],
      [
        T,
        '举一个完整的例子。早上在电梯里遇到同事 Mike：\n"Hey Mike, how\'s it going?"\n"Pretty good, thanks. You?"\n"Not bad. Busy week, huh?"\n"Tell me about it."\n短短四句，没有一句是课本上的 "I\'m fine"。最后一句 "Tell me about it" 的意思是"可不是嘛"，表示强烈认同，而不是请对方"跟我详细讲讲"。',
      ],
      [A, '"Tell me about it" 原来是这个意思！我一直以为是让对方展开说。'],
      [A, '有同学在后台问：如果对方说 "What\'s up?" 应该怎么回？'],
      [T, '好问题。"What\'s up?" 最常见的回答是 "Not much." 或者 "Nothing much, you?"'],
      [T, '千万别认真地回答 "The sky."，虽然这是个老笑话😄'],
      [T, '也可以顺口说说你正在做的事："Just finishing up some emails." 这样对话就能接下去。'],
      [A, '我把上午的要点整理成了一张图：'],
      [A, { picture: 'slide-1' }],
      [A, '大家先消化一下，下午两点半继续。'],
    ],
  },
  {
    at: chinaTime(9, 14, 30),
    lines: [
      [T, '下午好！上午讲了怎么打招呼，下午讲寒暄的第二步：找话题。'],
      [T, '最安全的话题是天气、周末和眼前正在发生的事。比如："Lovely weather today, isn\'t it?"'],
      [T, '英国人尤其爱聊天气，这几乎是一种社交礼仪。'],
      [A, '老师，句尾的 "isn\'t it" 用升调还是降调？'],
      [T, '寒暄时用降调，因为你不是真的在提问，而是在寻求认同。用升调就变成真的拿不准了。'],
      [T, '聊周末的句型：\n"Any plans for the weekend?"\n"Did you do anything fun over the weekend?"\n回答时多给一点细节，对方才好接话。'],
      [A, '比如 "I went hiking with some friends. The view was amazing!" 这样吗？'],
      [T, '非常好！这就是"给细节"。对方可以接着问 "Oh nice, where did you go?"，话题就打开了。'],
      [
        T,
        '再讲一个常见误区：很多同学以为寒暄要说得又长又完整，其实恰恰相反。寒暄的节奏是"短句加抛回去"，每人说一两句就把话轮交给对方。如果你一口气讲上三分钟，对方会觉得有压力，也找不到插话的机会。记住一个比例：你说的和对方说的，差不多各占一半。',
      ],
      [A, '这个比例太实用了，我一紧张就会说个不停。'],
      [A, '有位同学发来一段奇怪的文字，我原样贴出来：'],
      [A, '<img src=x onerror=alert(1)>'],
      [T, '页面应该把它当普通文字显示，这才是安全的做法。好，我们回到正题。'],
      [T, '怎么结束寒暄也很重要。常用的收尾："Well, I\'d better get back to work." "It was nice talking to you." "Catch you later!"'],
      [A, '"Catch you later" 可以对上司说吗？'],
      [T, '关系熟的上司可以。正式一点的场合建议说 "Have a good one." 或者 "See you at the meeting."'],
      [A, { picture: 'slide-2' }],
      [T, '今天就到这里，明天早上我们做情景练习。'],
    ],
  },
  {
    at: chinaTime(10, 9, 30),
    lines: [
      [T, '早上好！今天做情景练习，我先描述场景，大家想想怎么接。'],
      [T, '情景一：你在咖啡店排队，旁边的人说 "This line is taking forever."'],
      [A, '我会说 "I know, right? They must be short-staffed today."'],
      [T, '很棒！"I know, right?" 是非常地道的附和。'],
      [T, '情景二：周一早上，同事问你 "How was your weekend?"'],
      [A, '"It was great, I finally got some rest. How about yours?"'],
      [T, '完美：有细节，也把问题抛回去了。'],
      [T, '情景三：会议开始前大家在等人，气氛有点冷。你可以主动开口："Has everyone had a chance to grab a coffee?" 或者 "Crazy week, huh?"'],
      [
        T,
        '这里补充一个文化差异。中文里我们常用"吃了吗""去哪儿啊"来寒暄，直译成 "Have you eaten?" "Where are you going?"，对方可能以为你要请他吃饭，或者在打听他的隐私。所以寒暄时不要直译，换成今天学的句型就好。',
      ],
      [A, '哈哈，我真的对外教说过 "Have you eaten?"，他以为我要约他吃饭。'],
      [T, '这样的误会很常见，也正好说明了寒暄是有"固定套路"的。'],
      [A, '情景练习的要点也整理好了：'],
      [A, { picture: 'slide-3' }],
      [T, '大家可以把图存下来，对着练。'],
    ],
  },
  {
    at: chinaTime(10, 15, 0),
    lines: [
      [T, '下午我们做个总结。寒暄三步：打招呼、找话题、礼貌收尾。'],
      [T, '打招呼：How\'s it going? / What\'s up? / How are you doing?'],
      [T, '找话题：天气、周末、眼前的事。'],
      [T, '收尾：I\'d better get going. / Nice talking to you. / Have a good one.'],
      [A, '作业：这周每天用英语和一个人寒暄一次，把对话录下来发到群里。'],
      [A, '下周我们会挑几段录音做点评。'],
      [T, '最后送大家一句话：寒暄的目的不是交换信息，而是让对方感到被看见。说得短一点、笑得多一点，就已经很地道了。'],
      [A, '谢谢林老师！'],
      [T, '感谢大家两天的陪伴，我们下节课见！See you next time!'],
      [A, '本课内容整理自群聊，欢迎分享给需要的朋友。'],
      [T, '有问题随时在群里问我。'],
      [A, '下课啦，大家周末愉快！'],
      [T, 'Have a good one!'],
      [A, '🎉'],
      [T, '附：本周练习的句子都在上面的三张图里。'],
      [A, '已置顶，方便大家查找。'],
      [T, '好的，辛苦小雨。'],
    ],
  },
]

const PASSWORD_LESSON: readonly Block[] = [
  {
    at: chinaTime(12, 20, 0),
    lines: [
      [T, '欢迎来到《手机摄影：构图的九个习惯》，这是学员专属内容。'],
      [T, '第一个习惯：拍之前先找主体。画面里最想让人看见的是什么？'],
      [T, '第二个习惯：打开九宫格辅助线，把主体放在交叉点附近。'],
      [A, '老师，主体一定不能放在正中间吗？'],
      [T, '不是不能。对称的建筑、倒影就很适合居中，关键是你有意识地选择。'],
      [T, '第三个习惯：留白。给主体"呼吸"的空间，画面会更高级。'],
      [A, '这是上周学员的作业，大家感受一下留白：'],
      [A, { picture: 'slide-2' }],
      [T, '第四个习惯：找引导线。道路、栏杆、河流都能把视线带到主体上。'],
      [T, '第五个习惯：换个高度。蹲下来拍，或者举高手机俯拍，画面会和平时看到的不一样。'],
      [T, '第六到第九个习惯：找框架、注意背景、控制水平线、多拍几张再挑。'],
      [A, '老师讲得好清楚！'],
      [T, '作业：用今天的任意三个习惯各拍一张，发到群里。'],
      [A, '收到！'],
      [T, '下节课讲光线。'],
    ],
  },
]

const PAID_LESSON: readonly Block[] = [
  {
    at: chinaTime(15, 20, 0),
    lines: [
      [T, '欢迎来到《英语口语进阶：职场表达》！前五条是免费试听，后面是完整课程。'],
      [T, '职场英语的第一原则：礼貌但直接。先说结论，再说理由。'],
      [A, { picture: 'slide-1' }],
      [T, '比如想请同事帮忙，不要说 "Can you help me?" 就停住，而是 "Could you take a look at the report by Friday? I need it for the client meeting."'],
      [A, '试听到这里就结束啦，想继续学习请购买完整课程。'],
      [T, '好，正式开始。第一部分：提出请求。'],
      [T, '"Would you mind …?" 比 "Can you …?" 更客气，注意后面接动词 -ing。'],
      [T, '"I was wondering if you could …" 是更委婉的说法，适合对上级。'],
      [A, '老师，"I was wondering" 用过去时是为什么？'],
      [T, '过去时让语气退后一步，显得不那么强迫对方，这是英语里常见的礼貌手段。'],
      [T, '第二部分：表达不同意见。'],
      [T, '"I see your point, but …" "That\'s a good idea. Have we considered …?" 先肯定，再提出。'],
      [T, '直接说 "You are wrong." 在职场里非常冒犯，要避免。'],
      [A, { picture: 'slide-3' }],
      [T, '第三部分：推迟和拒绝。"I\'m afraid I can\'t make it today. How about tomorrow morning?"'],
      [T, '拒绝的同时给出替代方案，对方更容易接受。'],
      [A, '这个好用，我经常不知道怎么拒绝加班😂'],
      [T, '第四部分：邮件结尾。"Let me know if you have any questions." "Looking forward to hearing from you."'],
      [T, '不要再写 "Best wishes to you and your family" 这样过于隆重的结尾了。'],
      [A, '作业：用今天的句型写一封请同事帮忙的邮件。'],
      [T, '第五部分：开会时打断别人。"Sorry to interrupt, but …" "Can I just add something here?"'],
      [T, '打断之后记得把话轮还回去："Sorry, please go on."'],
      [A, '谢谢老师，干货满满！'],
      [T, '下节课我们练习电话会议。'],
      [T, '完整课程到此结束，感谢购买！'],
    ],
  },
]

const BOUGHT_LESSON: readonly Block[] = [
  {
    at: chinaTime(18, 20, 0),
    lines: [
      [T, '欢迎来到《摄影后期：调色入门》。'],
      [T, '调色第一步永远是校正白平衡，让白色看起来是白色。'],
      [T, '第二步调整曝光和对比度，先整体后局部。'],
      [A, '老师，饱和度要拉多高合适？'],
      [T, '宁低勿高。人像尤其要注意肤色，饱和度过高会显得脏。'],
      [A, '这是调色前后的对比：'],
      [A, { picture: 'slide-3' }],
      [T, '第三步才是风格化：冷暖、色调分离、颗粒感。'],
      [T, '作业：选一张自己的照片，按三个步骤调一遍。'],
      [A, '下课！'],
    ],
  },
]

const ILLEGAL_LESSON: readonly Block[] = [
  {
    at: chinaTime(20, 20, 0),
    lines: [
      [T, '这是一节被举报并停用的课程。'],
      [T, '这里的任何内容都不应出现在客户端。'],
      [A, '收到。'],
      [T, '违规内容示例一。'],
      [T, '违规内容示例二。'],
    ],
  },
]

const APPLY_LESSON: readonly Block[] = [
  {
    at: chinaTime(22, 20, 0),
    lines: [
      [T, '欢迎来到《时间管理：番茄工作法》。'],
      [T, '一个番茄钟是 25 分钟专注工作，加 5 分钟休息。'],
      [A, '老师，被打断了怎么办？'],
      [T, '记下打断你的事，这个番茄作废，重新开始一个。'],
      [T, '作业：明天试着完成 4 个番茄。'],
    ],
  },
]

const VIEW_LIMIT_LESSON: readonly Block[] = [
  {
    at: chinaTime(23, 20, 0),
    lines: [
      [T, '欢迎来到《读书会：如何读完一本书》。'],
      [T, '先读目录，再读每章的第一段和最后一段。'],
      [A, '这节课的浏览次数已经超过上限。'],
      [T, '开通 VIP 后可以继续浏览。'],
    ],
  },
]

const LESSONS: readonly SeedLesson[] = [
  {
    courseData: 'demo-open',
    legacyData: 'legacy-open',
    courseName: '英语口语：地道的日常寒暄',
    coursePic: '/media/slide-1.png',
    privacyStatus: 1,
    blocks: OPEN_LESSON,
  },
  {
    courseData: 'demo-password',
    legacyData: 'legacy-password',
    courseName: '手机摄影：构图的九个习惯',
    coursePic: '/media/slide-2.png',
    privacyStatus: 2,
    coursePass: '8888',
    blocks: PASSWORD_LESSON,
  },
  {
    courseData: 'demo-paid',
    legacyData: 'legacy-paid',
    courseName: '英语口语进阶：职场表达',
    coursePic: '/media/slide-1.png',
    privacyStatus: 3,
    fee: 990,
    freeCount: 5,
    shareRecash: 100,
    blocks: PAID_LESSON,
  },
  {
    courseData: 'paid-bought',
    legacyData: 'legacy-paid-bought',
    courseName: '摄影后期：调色入门',
    coursePic: '/media/slide-3.png',
    privacyStatus: 3,
    fee: 1990,
    blocks: BOUGHT_LESSON,
  },
  {
    courseData: 'demo-illegal',
    legacyData: 'legacy-illegal',
    courseName: '违规示例课程',
    coursePic: '/media/slide-2.png',
    privacyStatus: 1,
    illegal: 1,
    blocks: ILLEGAL_LESSON,
  },
  {
    courseData: 'demo-apply',
    legacyData: 'legacy-apply',
    courseName: '时间管理：番茄工作法',
    coursePic: '/media/slide-3.png',
    privacyStatus: 1,
    blocks: APPLY_LESSON,
  },
  {
    courseData: 'demo-viewlimit',
    legacyData: 'legacy-viewlimit',
    courseName: '读书会：如何读完一本书',
    coursePic: '/media/slide-1.png',
    privacyStatus: 1,
    viewLimit: 100,
    viewCount: 100,
    blocks: VIEW_LIMIT_LESSON,
  },
]

/** The message payload as the app exports it: text as `{"content":…}`, images with their size. */
function payload(body: string | Picture): { msgType: number; obj: string } {
  if (typeof body === 'string') return { msgType: 1000, obj: JSON.stringify({ content: body }) }
  return { msgType: 1001, obj: JSON.stringify({ url: `/media/${body.picture}.png`, ...SLIDE }) }
}

export async function seedLessons(tx: Queryable): Promise<void> {
  const messages: NewMessage[] = []
  for (const lesson of LESSONS) {
    const paid = lesson.privacyStatus === 3
    const inserted = await tx.one<{ id: number }>(
      `INSERT INTO lessons (course_data, legacy_data, wmid, course_name, course_pic, share_url, illegal,
         privacy_status, course_pass, fee, is_checked_free_count, free_count, is_checked_share_recash,
         share_recash, create_timestamp, view_limit, view_count)
       VALUES (?, ?, 'wm_teacher', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       RETURNING id`,
      [
        lesson.courseData,
        lesson.legacyData,
        lesson.courseName,
        lesson.coursePic,
        // paid lessons share through the pay page (spec 001: /lessonPay/share/{courseData}/{payType})
        paid ? `/lessonPay/share/${lesson.courseData}/1` : '',
        lesson.illegal ?? 0,
        lesson.privacyStatus,
        lesson.coursePass ?? null,
        lesson.fee ?? 0,
        lesson.freeCount ? 1 : 0,
        lesson.freeCount ?? 0,
        lesson.shareRecash ? 1 : 0,
        lesson.shareRecash ?? 0,
        lesson.blocks[0].at - 12 * 3600_000,
        lesson.viewLimit ?? null,
        lesson.viewCount ?? 0,
      ],
    )
    if (!inserted) throw new Error(`lesson ${lesson.courseData} was not stored`)
    let n = 0
    lesson.blocks.forEach((block) =>
      block.lines.forEach(([sender, body], i) => {
        n += 1
        messages.push({
          lessonId: inserted.id,
          msgId: `${lesson.courseData}-${String(n).padStart(3, '0')}`,
          ...payload(body),
          // a minute or so apart, never two at the same millisecond (the picture cursor relies on it)
          sendTime: block.at + i * 60_000 + (i % 3) * 7_000,
          sender,
        })
      }),
    )
  }
  await insertMessages(tx, messages)
  await seedAllTypes(tx)
  await seedLegacyForms(tx)
}

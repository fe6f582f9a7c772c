/**
 * The mini-program's templates of the app's own nodes (config/miniTemplates.ts adds them to
 * base.wxml). Taro names a node's template after its node name; a name outside Taro's nesting
 * components takes level 0. The templates are joined with `+`, which the minifier drops from the
 * bundle as unused (only the build reads them); a template literal compiles to a call it keeps.
 *
 * The chat row's frame (platform/components/messageFrame.tsx): the
 * markup of messageFrame.h5.tsx, with the values of the row's node: `a` the avatar, `n` the
 * nickname, `s` present on the first row of a sender's run, `t` the send time; `cl` and `uid` are
 * the windowed list's class and id. Its body renders through Taro's own templates.
 */
export const MESSAGE_FRAME_NODE = 'lesson-row'

export const MESSAGE_FRAME_TEMPLATE =
  '<template name="tmpl_0_' +
  MESSAGE_FRAME_NODE +
  '"><view class="message-row {{i.cl}}" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}"><view class="message-row__avatar-box"><image wx:if="{{i.s&&i.a}}" class="message-row__avatar" src="{{i.a}}" mode="aspectFill" lazy-load="{{true}}" aria-label="{{i.n}}"></image><view wx:elif="{{i.s}}" class="message-row__avatar message-row__avatar--blank"></view></view><view class="message-row__main"><view class="message-row__meta{{i.s?\'\':\' message-row__meta--compact\'}}"><text wx:if="{{i.s}}" class="message-row__nickname">{{i.n}}</text><text wx:if="{{i.t}}" class="message-row__time">{{i.t}}</text></view><template is="{{xs.a(c, item.nn, l)}}" data="{{i:item,c:c+1,l:xs.f(l,item.nn)}}" wx:for="{{i.cn}}" wx:key="sid" /></view></view></template>'

/**
 * The text message's bubble (platform/components/textBubble.tsx): `x` its text, selectable; its
 * touches and taps reach the node's handlers through Taro's `eh` (the node's sid on the view).
 */
export const TEXT_BUBBLE_NODE = 'text-bubble'

export const TEXT_BUBBLE_TEMPLATE =
  '<template name="tmpl_0_' +
  TEXT_BUBBLE_NODE +
  '"><view class="bubble bubble--text" bindtouchstart="eh" bindtouchmove="eh" bindtouchend="eh" bindtouchcancel="eh" bindtap="eh" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}"><text class="bubble__text" user-select="{{true}}">{{i.x}}</text></view></template>'

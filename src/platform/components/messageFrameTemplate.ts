/**
 * The mini-program's template of the chat row's frame (platform/components/messageFrame.ts): the
 * markup of messageFrame.h5.tsx, with the values of the row's node: `a` the avatar, `n` the
 * nickname, `s` present on the first row of a sender's run, `t` the send time; `cl` and `uid` are
 * the windowed list's class and id. Its body renders through Taro's own templates. Taro names a
 * node's template after its node name; a name outside Taro's nesting components takes level 0.
 */
export const MESSAGE_FRAME_NODE = 'lesson-row'

export const MESSAGE_FRAME_TEMPLATE = `<template name="tmpl_0_${MESSAGE_FRAME_NODE}"><view class="message-row {{i.cl}}" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}"><view class="message-row__avatar-box"><image wx:if="{{i.s&&i.a}}" class="message-row__avatar" src="{{i.a}}" mode="aspectFill" lazy-load="{{true}}" aria-label="{{i.n}}"></image><view wx:elif="{{i.s}}" class="message-row__avatar message-row__avatar--blank"></view></view><view class="message-row__main"><view class="message-row__meta{{i.s?'':' message-row__meta--compact'}}"><text wx:if="{{i.s}}" class="message-row__nickname">{{i.n}}</text><text wx:if="{{i.t}}" class="message-row__time">{{i.t}}</text></view><template is="{{xs.a(c, item.nn, l)}}" data="{{i:item,c:c+1,l:xs.f(l,item.nn)}}" wx:for="{{i.cn}}" wx:key="sid" /></view></view></template>`

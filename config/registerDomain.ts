import path from 'path'
import { createSwcRegister } from '@tarojs/helper'

/**
 * Taro compiles only files under config/ while loading the build config. The route table in
 * src/domain (pure TypeScript, no Taro import) also feeds the config, so compile that too.
 * This replaces Taro's hook, so config/ stays in the list.
 */
const root = path.join(__dirname, '..')
const compiled = [path.join(root, 'config'), path.join(root, 'src', 'domain'), path.join(root, 'src', 'platform', 'a11y', 'miniAria.ts')]

createSwcRegister({ only: [(file: string) => compiled.some((dir) => file.startsWith(dir))] })

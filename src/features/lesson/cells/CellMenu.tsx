import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import { cellMenu } from '../cellMenu'
import './CellMenu.scss'

export interface CellMenuItem {
  label: string
  onSelect: () => void
}

/**
 * The dark pop-up menu above a bubble, open while `cellMenu` holds `menuKey`. A transparent mask
 * under it closes it on any tap elsewhere. Place it inside a `position: relative` cell.
 */
export const CellMenu = observer(function CellMenu({ menuKey, items }: { menuKey: string; items: CellMenuItem[] }) {
  if (!cellMenu.isOpen(menuKey)) return null
  return (
    <>
      <View className='cell-menu__mask' catchMove onClick={() => cellMenu.close()} />
      <View className='cell-menu'>
        {items.map((item) => (
          <View
            key={item.label}
            className='cell-menu__item'
            onClick={(event) => {
              event.stopPropagation()
              cellMenu.close()
              item.onSelect()
            }}
          >
            <Text>{item.label}</Text>
          </View>
        ))}
      </View>
    </>
  )
})

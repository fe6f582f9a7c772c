import { Text, View } from '../../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import { t } from '../../../locales'
import { pressable, scriptFocusable, useModalFocus, useUiId } from '../../../ui/a11y'
import { cellMenu } from '../cellMenu'
import './CellMenu.scss'

export interface CellMenuItem {
  label: string
  onSelect: () => void
}

const close = (): void => cellMenu.close()

function OpenCellMenu({ items }: { items: CellMenuItem[] }) {
  const id = useUiId()
  // H5: focus moves into the menu, Escape closes it and focus goes back to the bubble
  useModalFocus(id, close)
  return (
    <>
      <View className='cell-menu__mask' catchMove onClick={close} />
      <View id={id} className='cell-menu' role='dialog' aria-modal='true' aria-label={t('cells.menu.label')} {...scriptFocusable}>
        {items.map((item) => {
          const select = (): void => {
            cellMenu.close()
            item.onSelect()
          }
          return (
            <View
              key={item.label}
              className='cell-menu__item'
              {...pressable(select, { stopPropagation: true })}
            >
              <Text>{item.label}</Text>
            </View>
          )
        })}
      </View>
    </>
  )
}

/**
 * The dark pop-up menu above a bubble, open while `cellMenu` holds `menuKey`. A transparent mask
 * under it closes it on any tap elsewhere. Place it inside a `position: relative` cell.
 */
export const CellMenu = observer(function CellMenu({ menuKey, items }: { menuKey: string; items: CellMenuItem[] }) {
  if (!cellMenu.isOpen(menuKey)) return null
  return <OpenCellMenu items={items} />
})

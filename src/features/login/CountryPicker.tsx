import { useEffect, useMemo, useState } from 'react'
import { Text, View } from '../../platform/components/basic'
import { Input } from '../../platform/components/input'
import { ScrollView } from '../../platform/components/scrollView'
import { RECOMMENDED_GROUP, groupCountries, searchCountries, type Country } from '../../domain/countries'
import { t } from '../../locales'
import { pressable, scriptFocusable, useModalFocus, useUiId } from '../../ui/a11y'
import { loadCountries as loadStaticCountries } from './countryList'
import './login.scss'

export interface CountryPickerProps {
  onSelect: (country: Country) => void
  onClose: () => void
  /** tests pass a fixed list */
  loadCountries?: () => Promise<Country[]>
}

type ListState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; countries: Country[] }

/**
 * 'Select country/region' (spec 000 §2): a search box, the recommended group, then A-Z by pinyin
 * initial. While searching, the matches show as one flat list.
 */
export function CountryPicker({ onSelect, onClose, loadCountries = loadStaticCountries }: CountryPickerProps) {
  const [state, setState] = useState<ListState>({ kind: 'loading' })
  const [query, setQuery] = useState('')
  const id = useUiId()
  useModalFocus(id, onClose)

  useEffect(() => {
    let live = true
    loadCountries().then(
      (countries) => live && setState({ kind: 'ready', countries }),
      () => live && setState({ kind: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [loadCountries])

  const groups = useMemo(() => {
    if (state.kind !== 'ready') return []
    if (query.trim() === '') return groupCountries(state.countries)
    const found = searchCountries(state.countries, query)
    return found.length > 0 ? [{ key: 'search', countries: found }] : []
  }, [state, query])

  return (
    <View id={id} className='country-picker' role='dialog' aria-modal='true' aria-labelledby={`${id}-title`} {...scriptFocusable}>
      <View className='country-picker__header'>
        <Text id={`${id}-title`} className='country-picker__title'>
          {t('country.title')}
        </Text>
        <Text className='country-picker__close' {...pressable(onClose)}>
          {t('login.cancel')}
        </Text>
      </View>
      <Input
        className='country-picker__search'
        value={query}
        placeholder={t('country.search')}
        aria-label={t('country.search')}
        onInput={(e) => setQuery(e.detail.value)}
      />
      <ScrollView className='country-picker__list' scrollY>
        {state.kind === 'loading' ? <Text className='country-picker__note'>{t('common.loading')}</Text> : null}
        {state.kind === 'failed' ? <Text className='country-picker__note'>{t('country.loadFailed')}</Text> : null}
        {state.kind === 'ready' && groups.length === 0 ? (
          <Text className='country-picker__note country-picker__empty'>{t('country.empty')}</Text>
        ) : null}
        {groups.map((group) => (
          <View key={group.key} className={`country-picker__group country-picker__group--${group.key}`}>
            {group.key === 'search' ? null : (
              <Text className='country-picker__group-title'>
                {group.key === RECOMMENDED_GROUP ? t('country.recommended') : group.key}
              </Text>
            )}
            {group.countries.map((country) => (
              <View
                key={`${country.country_cn}-${country.phone_code}`}
                className='country-picker__item'
                {...pressable(() => onSelect(country))}
              >
                <Text className='country-picker__name'>{country.country_cn}</Text>
                <Text className='country-picker__code'>{t('login.countryCode', { code: country.phone_code })}</Text>
              </View>
            ))}
          </View>
        ))}
      </ScrollView>
    </View>
  )
}

"""Pieces several components share; nothing here is a component or registers one.

icons.py    the icon set and the SVG fragments that draw it (Icon, Callout, EmptyState)
tones.py    CSS colouring a component by its tone prop
numbers.py  numbers as text: separators, units, short axis labels
charts.py   what BarChart, LineChart and PieChart share: data forms, ticks, label levels, SVG
fields.py   what the input components share: common props, option lists, label and hint markup, CSS
"""

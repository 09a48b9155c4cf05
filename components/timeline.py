"""Timeline: events in order, each with a marker, an optional time and a description."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone


class TimelineItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(max_length=200, description="What happened")
    time: str | None = Field(default=None, max_length=100, description="When, as display text, e.g. '09:30' or 'Mar 3'")
    description: str | None = Field(default=None, max_length=2000, description="Details under the title")
    tone: Tone | None = Field(default=None, description="Marker colour, e.g. success for a completed step")


class TimelineProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    items: list[TimelineItem] = Field(
        max_length=100,
        description='Events in order, e.g. [{title:"Ordered", time:"Mon"}, {title:"Shipped", tone:"success"}]',
    )


TEMPLATE = """<ol class="ui-timeline" id="{{ uid }}">
{% for item in props.items %}
<li class="ui-timeline-item">
<span class="ui-timeline-marker" aria-hidden="true" style="background: var(--ui-{{ item.tone or 'accent' }})"></span>
<div class="ui-timeline-body">
<div class="ui-timeline-head"><span class="ui-timeline-title">{{ item.title }}</span>{% if item.time %}<time class="ui-timeline-time">{{ item.time }}</time>{% endif %}</div>
{% if item.description %}<p class="ui-timeline-desc">{{ item.description }}</p>{% endif %}
</div>
</li>
{% endfor %}
</ol>
"""

CSS = """
.ui-timeline { list-style: none; margin: 0; padding: 0; }
.ui-timeline-item { position: relative; padding: 0 0 14px 24px; }
.ui-timeline-item::before { content: ""; position: absolute; left: 5px; top: 16px; bottom: -2px; width: 2px; background: var(--ui-border); }
.ui-timeline-item:last-child { padding-bottom: 0; }
.ui-timeline-item:last-child::before { display: none; }
.ui-timeline-marker { position: absolute; left: 0; top: 5px; width: 12px; height: 12px; border-radius: 50%; box-shadow: 0 0 0 3px var(--ui-bg); }
.ui-timeline-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 10px; }
.ui-timeline-title { font-weight: 600; }
.ui-timeline-time { color: var(--ui-muted); font-size: 13px; font-variant-numeric: tabular-nums; }
.ui-timeline-desc { margin: 2px 0 0; color: var(--ui-muted); font-size: 14px; }
"""

register(
    Component(
        name="Timeline",
        description="A vertical list of events in order, each with a coloured marker, optional time and details.",
        props=TimelineProps,
        template=TEMPLATE,
        category="data",
        children="none",
        css=CSS,
        example='<Timeline items=[{title:"Order placed", time:"Mon 09:12", tone:"success"}, {title:"Shipped", time:"Tue"}, {title:"Delivery", description:"Expected Thursday", tone:"neutral"}] />',
        tags=("timeline", "history", "events", "steps", "activity", "log", "tracking"),
    )
)

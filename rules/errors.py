"""The one error the rules core raises for bad input or a situation a rule forbids."""
from __future__ import annotations


class RuleError(ValueError):
    """Bad input, or a situation that a rule rules out.

    `rule` is the id of the rule line that forbids it (when a rule does) and
    `source` the document lines it rests on, so the message can say both. The
    command line prints `one_line()` after ``error: `` and exits with status 2.

    Examples:
        >>> e = RuleError("抢杠胡 needs the robbed tile", rule="nn-9-d1", source="001:251")
        >>> isinstance(e, ValueError), e.rule
        (True, 'nn-9-d1')
    """

    def __init__(self, message: str, rule: str = "", source: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.source = source

    def cite_zh(self) -> str:
        """The message with its rule and source in Chinese, for pages and tables.

        Examples:
            >>> RuleError("不可能", rule="nn-9-d1", source="001:251").cite_zh()
            '不可能（规则 nn-9-d1，原文 001:251）'
        """
        where = "，".join(x for x in (f"规则 {self.rule}" if self.rule else "",
                                      f"原文 {self.source}" if self.source else "") if x)
        return self.message + (f"（{where}）" if where else "")

    def one_line(self) -> str:
        """The message with its rule and source, on one line: what the command line prints.

        Examples:
            >>> RuleError("no  such tile", rule="nn-9-d1").one_line()
            'no such tile (rule nn-9-d1)'
        """
        where = ""
        if self.rule:
            where = f" (rule {self.rule}" + (f", source {self.source}" if self.source else "") + ")"
        return " ".join(f"{self.message}{where}".split())

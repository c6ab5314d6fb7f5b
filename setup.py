"""Only what pyproject.toml cannot say: the wheel carries the rule data the core reads.

data/ stays the one place the presets and readings are kept; building copies
each game's TOML files (data/<game>/*.toml) into the package as rules/_data,
where `rules.data` reads them with importlib.resources when installed.
"""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithRuleData(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads data/ in place
            return
        for source in sorted((HERE / "data").glob("*/*.toml")):
            relative = source.relative_to(HERE / "data")
            if not (HERE / "rules" / relative.parts[0]).is_dir():  # only games of the core
                continue
            target = Path(self.build_lib) / "rules" / "_data" / relative
            self.mkpath(str(target.parent))
            self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithRuleData})

#include "core/analysis/figure.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace clens {

std::string_view toString(FigureKind k)
{
    switch (k) {
    case FigureKind::Cdf: return "cdf";
    case FigureKind::Bars: return "bars";
    case FigureKind::Table: return "table";
    case FigureKind::TimeSeries: return "timeseries";
    }
    return "table";
}

FigureCell cell(std::optional<double> v)
{
    if (!v || std::isnan(*v))
        return std::monostate{};
    return *v;
}

void Figure::addNumberColumn(std::string name, std::string unit)
{
    columns.push_back({std::move(name), std::move(unit), false, {}, {}});
}

void Figure::addTextColumn(std::string name)
{
    columns.push_back({std::move(name), {}, true, {}, {}});
}

void Figure::appendRow(const std::vector<FigureCell>& cells)
{
    if (cells.size() != columns.size())
        throw std::logic_error("figure " + name + ": row has " + std::to_string(cells.size()) + " cells for "
                               + std::to_string(columns.size()) + " columns");
    for (std::size_t i = 0; i < cells.size(); ++i) {
        auto& c = columns[i];
        const auto& v = cells[i];
        if (c.isText) {
            if (const auto* s = std::get_if<std::string>(&v))
                c.texts.push_back(*s);
            else if (std::holds_alternative<std::monostate>(v))
                c.texts.emplace_back();
            else
                throw std::logic_error("figure " + name + ": number in text column " + c.name);
        } else {
            if (const auto* d = std::get_if<double>(&v))
                c.numbers.push_back(*d);
            else if (std::holds_alternative<std::monostate>(v))
                c.numbers.push_back(std::numeric_limits<double>::quiet_NaN());
            else
                throw std::logic_error("figure " + name + ": text in number column " + c.name);
        }
    }
}

const FigureColumn* Figure::column(std::string_view n) const
{
    for (const auto& c : columns)
        if (c.name == n)
            return &c;
    return nullptr;
}

double Figure::number(std::size_t row, std::string_view n) const
{
    const auto* c = column(n);
    if (!c || c->isText)
        throw std::out_of_range("figure " + name + " has no number column '" + std::string(n) + "'");
    return c->numbers.at(row);
}

const std::string& Figure::text(std::size_t row, std::string_view n) const
{
    const auto* c = column(n);
    if (!c || !c->isText)
        throw std::out_of_range("figure " + name + " has no text column '" + std::string(n) + "'");
    return c->texts.at(row);
}

std::optional<std::size_t> Figure::findRow(std::string_view n, std::string_view value) const
{
    const auto* c = column(n);
    if (!c || !c->isText)
        return std::nullopt;
    for (std::size_t i = 0; i < c->texts.size(); ++i)
        if (c->texts[i] == value)
            return i;
    return std::nullopt;
}

} // namespace clens
